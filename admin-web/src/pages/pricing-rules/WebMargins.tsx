// Web margins (module WebMargin; view-web-margin, create-web-margin, udpate-web-margin): the
// shared list layout (newest first, search by category), add and edit screens. A rule narrows a
// category's products by supplier, brand and entry price; the most specific one gives their web
// margin. Deleting asks first and needs the edit permission (there is no delete permission).
import { Perm } from '@shop/shared'
import { Col, Form, Row, type TableProps } from 'antd'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import type { WebMargin } from '../../api/pricingTypes'
import { Loading } from '../../auth/guards'
import { NotFound } from '../../components/NotFound'
import { useListParams } from '../../components/useListParams'
import { useUrlIds } from '../pricelists/pickers'
import { useCreateWebMargin, useDeleteWebMargin, useUpdateWebMargin, useWebMargin, useWebMargins } from '../../hooks/api/pricingRules'
import { href, screens } from '../../screens'
import { percent, rsd } from '../product-detail/display'
import { BrandPicker, CategoryTreePicker, MoneyInput, PercentInput, SupplierPicker } from './fields'
import { RuleFormShell } from './RuleFormShell'
import { RuleList } from './RuleList'
import { fromWebMargin, ruleRules, toWebMarginBody, type WebMarginValues } from './ruleForms'

/** priceRange: '1.000,00 RSD – 5.000,00 RSD', open ends shown as a dash */
export function priceRange(from?: number | null, to?: number | null): string {
  if (from == null && to == null) return ''
  return `${from == null ? '–' : rsd(from)} – ${to == null ? '∞' : rsd(to)}`
}

export function WebMarginList() {
  const { t } = useTranslation()
  const [params] = useListParams()
  const [ids, setIds] = useUrlIds('category_id')
  const list = useWebMargins({ page: params.page, paginate: params.paginate, search: params.search || undefined, category_id: ids.category_id })
  const remove = useDeleteWebMargin()
  const c = (k: string) => t(`pricingRules.common.${k}`)
  const any = c('any')
  const columns: NonNullable<TableProps<WebMargin>['columns']> = [
    { key: 'id', dataIndex: 'id', title: 'ID', width: 80 },
    { key: 'category', title: c('category'), render: (_, m) => m.category?.name ?? `#${m.category_id}` },
    { key: 'supplier', title: c('supplier'), render: (_, m) => m.supplier?.name ?? any },
    { key: 'brand', title: c('brand'), render: (_, m) => m.brand?.name ?? any },
    { key: 'range', title: `${c('priceFrom')} – ${c('priceTo')}`, render: (_, m) => priceRange(m.price_from, m.price_to) || any },
    { key: 'margin', title: t('pricingRules.webMargin.margin'), width: 130, align: 'right', render: (_, m) => percent(m.margin) },
  ]
  return (
    <RuleList<WebMargin>
      title={t('nav.webMargins')}
      createPermission={Perm.CreateWebMargin}
      updatePermission={Perm.UpdateWebMargin}
      addPath={screens.webMarginAdd.path}
      editPath={(m) => href(screens.webMargin, { marginId: m.id })}
      toolbar={<CategoryTreePicker value={ids.category_id ?? null} onChange={(v) => setIds({ category_id: v ?? undefined })} placeholder={c('category')} />}
      columns={columns}
      list={list}
      remove={remove}
      nameOf={(m) => `${m.category?.name ?? ''} ${percent(m.margin)}`.trim()}
    />
  )
}

function WebMarginFields() {
  const { t } = useTranslation()
  const rules = ruleRules(t)
  const c = (k: string) => t(`pricingRules.common.${k}`)
  return (
    <>
      <Form.Item name="category_id" label={c('category')} rules={rules.category_id}>
        <CategoryTreePicker />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="supplier_id" label={c('supplier')}>
            <SupplierPicker placeholder={c('any')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="brand_id" label={c('brand')}>
            <BrandPicker placeholder={c('any')} />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="price_from" label={c('priceFrom')} rules={rules.price_from} extra={c('priceHint')}>
            <MoneyInput aria-label={c('priceFrom')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="price_to" label={c('priceTo')} rules={rules.price_to} dependencies={['price_from']}>
            <MoneyInput aria-label={c('priceTo')} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="margin" label={t('pricingRules.webMargin.margin')} rules={rules.margin}>
        <PercentInput aria-label={t('pricingRules.webMargin.margin')} />
      </Form.Item>
    </>
  )
}

export function WebMarginCreatePage() {
  const { t } = useTranslation()
  const create = useCreateWebMargin()
  return (
    <RuleFormShellFor
      title={t('screens.webMarginAdd')}
      initial={{ category_id: null, supplier_id: null, brand_id: null, price_from: null, price_to: null, margin: null }}
      busy={create.isPending}
      onSubmit={(v) => create.mutateAsync(toWebMarginBody(v))}
    />
  )
}

export function WebMarginEditPage() {
  const { t } = useTranslation()
  const { marginId } = useParams()
  const id = Number(marginId)
  const rule = useWebMargin(id)
  const update = useUpdateWebMargin(id)
  if (!Number.isInteger(id) || id <= 0 || rule.isError) return <NotFound />
  if (rule.isPending || !rule.data) return <Loading />
  return (
    <RuleFormShellFor
      title={t('screens.webMargin')}
      initial={fromWebMargin(rule.data)}
      busy={update.isPending}
      onSubmit={(v) => update.mutateAsync(toWebMarginBody(v))}
    />
  )
}

function RuleFormShellFor(props: { title: string; initial: WebMarginValues; busy: boolean; onSubmit: (v: WebMarginValues) => Promise<unknown> }) {
  return (
    <RuleFormShell<WebMarginValues> {...props} listPath={screens.webMargins.path}>
      <WebMarginFields />
    </RuleFormShell>
  )
}
