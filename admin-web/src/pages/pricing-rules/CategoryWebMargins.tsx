// Category web margins (view-category; saving needs create-category, as a category's edit): every
// category's VAT, web, retail and dealer margin in one editable table, in tree order, searched
// and paged in the browser like the categories list. Edits are kept across pages; Save sends the
// changed rows in one call (PATCH admin/categories/margins, one transaction) and the server
// reprices the changed categories' products. A cell outside 0,01-99,99 (the category form's rule)
// or refused by the server shows its message under the cell.
import { Perm } from '@shop/shared'
import { Button, Flex, InputNumber, Typography, type TableProps } from 'antd'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiError } from '../../api/client'
import type { CategoryMarginsRow } from '../../api/pricingTypes'
import { can } from '../../auth/access'
import { ListPage } from '../../components/ListPage'
import { useListParams } from '../../components/useListParams'
import { useCategoryTree } from '../../hooks/api/categoryAdmin'
import { useSaveCategoryMargins } from '../../hooks/api/pricingRules'
import { useMe } from '../../hooks/api/session'
import { fieldErrors } from '@shop/shared'
import { filterCategories } from '../categories/CategoryList'
import { PERCENT_MAX, PERCENT_MIN } from '../categories/categoryForm'
import { flattenCategories, type CategoryRow } from '../categories/categoryTree'

export const MARGIN_FIELDS = ['pdv', 'web_margin', 'retail_margin', 'dealer_margin'] as const
export type MarginField = (typeof MARGIN_FIELDS)[number]
export type MarginEdits = Record<number, Partial<Record<MarginField, number | null>>>

/** changedRows: the rows to send, each with its four figures (edited or as loaded), only those that differ */
export function changedRows(rows: CategoryRow[], edits: MarginEdits): CategoryMarginsRow[] {
  const out: CategoryMarginsRow[] = []
  for (const r of rows) {
    const e = edits[r.id]
    if (!e) continue
    const next = Object.fromEntries(MARGIN_FIELDS.map((f) => [f, f in e ? e[f] : (r[f] ?? null)])) as Record<MarginField, number | null>
    if (MARGIN_FIELDS.every((f) => next[f] === (r[f] ?? null))) continue
    out.push({ id: r.id, ...next } as CategoryMarginsRow)
  }
  return out
}

/** cellProblem: the i18n message of a figure outside the category form's range, or null */
export function cellProblem(v: number | null | undefined, t: (k: string, o?: Record<string, unknown>) => string): string | null {
  if (v === null || v === undefined) return t('validation.required')
  if (v < PERCENT_MIN || v > PERCENT_MAX) return t('catalogAdmin.validation.range', { min: '0,01', max: '99,99' })
  return null
}

/** serverCellErrors: a 422's rows.N.field messages keyed by "categoryId.field" (N indexes the rows sent) */
export function serverCellErrors(err: unknown, sent: CategoryMarginsRow[]): Record<string, string> {
  if (!(err instanceof ApiError) || err.status !== 422) return {}
  const out: Record<string, string> = {}
  for (const [name, message] of Object.entries(fieldErrors(err.body))) {
    const m = /^rows\.(\d+)\.(\w+)$/.exec(name)
    const row = m ? sent[Number(m[1])] : undefined
    if (row && m) out[`${row.id}.${m[2]}`] = message
  }
  return out
}

export function CategoryWebMargins() {
  const { t } = useTranslation()
  const { data: me } = useMe()
  const editable = can(me, Perm.UpdateCategory)
  const [params] = useListParams()
  const tree = useCategoryTree()
  const all = useMemo(() => flattenCategories(tree.data ?? []), [tree.data])
  const found = useMemo(() => filterCategories(all, params.search), [all, params.search])
  const start = (params.page - 1) * params.paginate
  const rows = found.slice(start, start + params.paginate)
  const meta = { total: found.length, total_bounded: false, per_page: params.paginate, current_page: params.page, last_page: Math.max(1, Math.ceil(found.length / params.paginate)) }
  const [edits, setEdits] = useState<MarginEdits>({})
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({})
  const save = useSaveCategoryMargins()
  const l = (k: string, o?: Record<string, unknown>) => t(`pricingRules.categoryMargins.${k}`, o ?? {})
  const pending = useMemo(() => changedRows(all, edits), [all, edits])
  const invalid = pending.some((r) => MARGIN_FIELDS.some((f) => cellProblem(r[f], t) !== null))

  const valueOf = (r: CategoryRow, f: MarginField) => (edits[r.id] && f in edits[r.id] ? edits[r.id][f] : (r[f] ?? null))
  const setValue = (id: number, f: MarginField, v: number | null) => {
    setEdits((e) => ({ ...e, [id]: { ...e[id], [f]: v } }))
    setServerErrors((s) => {
      const next = { ...s }
      delete next[`${id}.${f}`]
      return next
    })
  }

  const cell = (f: MarginField, title: string) => ({
    key: f,
    title,
    width: 150,
    render: (_: unknown, r: CategoryRow) => {
      const v = valueOf(r, f)
      const problem = serverErrors[`${r.id}.${f}`] ?? (edits[r.id] && f in edits[r.id] ? cellProblem(v, t) : null)
      return (
        <>
          <InputNumber<number>
            aria-label={`${r.name} ${title}`}
            value={v}
            onChange={(n) => setValue(r.id, f, n ?? null)}
            min={0}
            max={100}
            precision={2}
            decimalSeparator=","
            size="small"
            disabled={!editable}
            status={problem ? 'error' : undefined}
            style={{ width: '100%' }}
          />
          {problem && (
            <Typography.Text type="danger" style={{ display: 'block', fontSize: 12 }}>
              {problem}
            </Typography.Text>
          )}
        </>
      )
    },
  })

  const columns: TableProps<CategoryRow>['columns'] = [
    {
      key: 'name',
      title: t('pricingRules.common.category'),
      width: 280,
      render: (_, c) => (
        <div style={{ paddingLeft: c.depth * 20 }}>
          {c.name}
          {c.depth > 0 && (
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
              {c.path.slice(0, -1).join(' › ')}
            </Typography.Text>
          )}
        </div>
      ),
    },
    cell('pdv', l('pdv')),
    cell('web_margin', l('webMargin')),
    cell('retail_margin', l('retailMargin')),
    cell('dealer_margin', l('dealerMargin')),
  ]

  const submit = async () => {
    const sent = pending
    try {
      await save.mutateAsync(sent)
      setEdits({})
      setServerErrors({})
    } catch (err) {
      setServerErrors(serverCellErrors(err, sent))
    }
  }

  return (
    <ListPage<CategoryRow>
      title={t('nav.categoryWebMargins')}
      extra={
        editable && (
          <Flex gap={8} align="center">
            {pending.length > 0 && <Typography.Text type="secondary">{l('changed', { count: pending.length })}</Typography.Text>}
            <Button
              disabled={pending.length === 0}
              onClick={() => {
                setEdits({})
                setServerErrors({})
              }}
            >
              {l('reset')}
            </Button>
            <Button type="primary" disabled={pending.length === 0 || invalid} loading={save.isPending} onClick={() => void submit()}>
              {l('save')}
            </Button>
          </Flex>
        )
      }
      rowKey="id"
      columns={columns}
      rows={rows}
      meta={meta}
      loading={tree.isFetching}
    />
  )
}
