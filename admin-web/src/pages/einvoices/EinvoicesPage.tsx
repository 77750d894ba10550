// E-invoices and credit notes (view-order): the shared list (the search box finds the buyer's
// name or PIB or the invoice's number; page sizes 20, 50, 100) with the kind, the status and the
// day of issue in the toolbar, kept in the address as the orders list does, and the XLSX export of what they select,
// for the accountant. Each row links to its order and opens the XML as sent and the printable
// view; an invalid, refused or queued one can be sent again (update-order). In simulator mode
// the rows say they are test e-invoices.
import { CodeOutlined, DownloadOutlined, FilePdfOutlined, RedoOutlined } from '@ant-design/icons'
import { Button, Select, Space, Tag, Tooltip, type TableProps } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Perm } from '@shop/shared'
import { can } from '../../auth/access'
import { DayPicker } from '../../components/DayPicker'
import { ListPage } from '../../components/ListPage'
import { useListParams, useUrlFilters } from '../../components/useListParams'
import { formatDay, formatMoney } from '../../format'
import {
  EINVOICE_KINDS,
  EINVOICE_STATUSES,
  exportEinvoices,
  openEinvoice,
  useEinvoices,
  useRetryEinvoice,
  type Einvoice,
  type EinvoiceFilters,
  type EinvoiceKind,
  type EinvoiceStatus,
} from '../../hooks/api/einvoices'
import { useMe } from '../../hooks/api/session'
import { toast } from '../../notify'
import { einvoiceColor } from '../orders/EinvoiceCard'
import { showRefusal } from '../orders/OrderPage'

export const EINVOICE_PAGE_SIZES = [20, 50, 100] as const
const FILTER_KEYS = ['status', 'kind', 'date_from', 'date_to'] as const
const DAY = /^\d{4}-\d{2}-\d{2}$/

/** readEinvoiceFilters: the filters kept in the address (unknown or malformed values dropped). */
export function readEinvoiceFilters(q: URLSearchParams): Omit<EinvoiceFilters, 'buyer'> {
  const out: Omit<EinvoiceFilters, 'buyer'> = {}
  const status = q.get('status')
  if (status && (EINVOICE_STATUSES as readonly string[]).includes(status)) out.status = status as EinvoiceStatus
  const kind = q.get('kind')
  if (kind && (EINVOICE_KINDS as readonly string[]).includes(kind)) out.kind = kind as EinvoiceKind
  for (const k of ['date_from', 'date_to'] as const) {
    const v = q.get(k)
    if (v && DAY.test(v)) out[k] = v
  }
  return out
}

export function EinvoicesPage() {
  const { t } = useTranslation()
  const l = (k: string) => t(`orders.einvoices.${k}`)
  const { q, set: setFilter, clear } = useUrlFilters(FILTER_KEYS)
  const [params] = useListParams(EINVOICE_PAGE_SIZES)
  const filters = readEinvoiceFilters(q)
  const buyer = params.search || undefined
  const list = useEinvoices({ page: params.page, paginate: params.paginate, buyer, ...filters })
  const retry = useRetryEinvoice()
  const { data: me } = useMe()
  const canRetry = can(me, Perm.UpdateOrder)
  const [exporting, setExporting] = useState(false)

  const doExport = async () => {
    setExporting(true)
    try {
      await exportEinvoices({ ...filters, buyer })
    } catch {
      toast({ type: 'danger', message: l('exportFailed') })
    } finally {
      setExporting(false)
    }
  }

  const columns: TableProps<Einvoice>['columns'] = [
    { key: 'number', title: l('number'), width: 140, render: (_, e) => e.number },
    { key: 'kind', title: l('kind'), width: 150, render: (_, e) => l(`kinds.${e.kind}`) },
    { key: 'order', title: l('order'), width: 130, render: (_, e) => <Link to={`/porudzbine/${e.order_id}`}>{e.order_number}</Link> },
    { key: 'issued', title: l('issueDate'), width: 120, render: (_, e) => formatDay(e.issue_date) },
    { key: 'buyer', title: l('buyer'), render: (_, e) => `${e.buyer_name} (PIB ${e.buyer_pib})` },
    { key: 'total', title: `${l('total')} (RSD)`, width: 130, align: 'right', render: (_, e) => formatMoney(e.total) },
    {
      key: 'status',
      title: l('status'),
      render: (_, e) => (
        <Space size={4} wrap>
          <Tag color={einvoiceColor(e.status)}>{e.status_label}</Tag>
          {e.test && <Tag color="orange">{l('test')}</Tag>}
          {(e.error || e.comment) && (
            <Tooltip title={e.error || e.comment}>
              <span>{(e.error || e.comment)!.slice(0, 60)}</span>
            </Tooltip>
          )}
        </Space>
      ),
    },
    { key: 'sef', title: l('sefId'), width: 100, render: (_, e) => e.sef_invoice_id ?? '—' },
    {
      key: 'actions',
      title: t('common.actions'),
      width: 130,
      render: (_, e) => (
        <Space size={4}>
          <Button size="small" icon={<CodeOutlined />} aria-label={l('xml')} title={l('xml')} onClick={() => void openEinvoice(e.id!, 'xml')} />
          <Button size="small" icon={<FilePdfOutlined />} aria-label={l('view')} title={l('view')} onClick={() => void openEinvoice(e.id!, 'html')} />
          {e.sef_invoice_id == null && canRetry && (
            <Button
              size="small"
              icon={<RedoOutlined />}
              aria-label={l('retry')}
              title={l('retry')}
              loading={retry.isPending && retry.variables === e.id}
              onClick={() => retry.mutate(e.id!, { onSuccess: () => toast({ type: 'success', message: l('retried') }), onError: showRefusal })}
            />
          )}
        </Space>
      ),
    },
  ]

  return (
    <ListPage<Einvoice>
      title={l('title')}
      pageSizes={EINVOICE_PAGE_SIZES}
      extra={
        <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void doExport()}>
          {l('export')}
        </Button>
      }
      toolbar={
        <>
          <Select
            style={{ width: 200 }}
            allowClear
            placeholder={l('anyStatus')}
            aria-label={l('status')}
            value={filters.status}
            onChange={(v?: string) => setFilter('status', v)}
            options={EINVOICE_STATUSES.map((s) => ({ value: s, label: l(`statuses.${s}`) }))}
          />
          <Select
            style={{ width: 180 }}
            allowClear
            placeholder={l('anyKind')}
            aria-label={l('kind')}
            value={filters.kind}
            onChange={(v?: string) => setFilter('kind', v)}
            options={EINVOICE_KINDS.map((k) => ({ value: k, label: l(`kinds.${k}`) }))}
          />
          <div style={{ width: 150 }}>
            <DayPicker aria-label={l('dateFrom')} placeholder={l('dateFrom')} value={filters.date_from} onChange={(v) => setFilter('date_from', v)} />
          </div>
          <div style={{ width: 150 }}>
            <DayPicker aria-label={l('dateTo')} placeholder={l('dateTo')} value={filters.date_to} onChange={(v) => setFilter('date_to', v)} />
          </div>
          {Object.keys(filters).length > 0 && <Button onClick={clear}>{l('clear')}</Button>}
        </>
      }
      rowKey="id"
      columns={columns}
      rows={list.data?.data}
      meta={list.data?.meta}
      loading={list.isFetching}
    />
  )
}
