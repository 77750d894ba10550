// Proforma invoices (view-proforma-invoice): the shared list, searched by number, e-mail, name
// or company, filtered by the day of issue and by whether the invoice became an order (all kept
// in the address); a new invoice for a buyer; the PDF from the row.
import { FilePdfOutlined, PlusOutlined } from '@ant-design/icons'
import { Button, Segmented, Space, Tag, type TableProps } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { DayPicker } from '../../components/DayPicker'
import { ListPage } from '../../components/ListPage'
import { useListParams, useUrlFilters } from '../../components/useListParams'
import { formatDate, formatDay, formatMoney } from '../../format'
import { downloadInvoicePdf, useInvoices, type Ordered, type ProformaInvoice } from '../../hooks/api/invoices'
import { InvoiceCreateDialog } from './InvoiceCreateDialog'

export const INVOICE_PAGE_SIZES = [20, 50, 100] as const
const ORDERED: Ordered[] = ['all', 'yes', 'no']
const FILTERS = ['date_from', 'date_to', 'ordered'] as const

/** readInvoiceFilters: the filters kept in the address (malformed ones dropped). */
export function readInvoiceFilters(q: URLSearchParams): { date_from?: string; date_to?: string; ordered: Ordered } {
  const out: { date_from?: string; date_to?: string; ordered: Ordered } = { ordered: 'all' }
  for (const k of ['date_from', 'date_to'] as const) {
    const v = q.get(k)
    if (v && /^\d{4}-\d{2}-\d{2}$/.test(v)) out[k] = v
  }
  const o = q.get('ordered') as Ordered | null
  if (o && ORDERED.includes(o)) out.ordered = o
  return out
}

export function InvoicesPage() {
  const { t } = useTranslation()
  const l = (k: string) => t(`invoices.list.${k}`)
  const { q, set: setUrlFilter, clear } = useUrlFilters(FILTERS)
  const [params] = useListParams(INVOICE_PAGE_SIZES)
  const filters = readInvoiceFilters(q)
  const list = useInvoices({ page: params.page, paginate: params.paginate, search: params.search, ...filters })
  const [creating, setCreating] = useState(false)

  // 'all' is the absence of the ordered filter
  const setFilter = (k: (typeof FILTERS)[number], v: string | undefined) => setUrlFilter(k, k === 'ordered' && v === 'all' ? undefined : v)
  const filtered = filters.date_from || filters.date_to || filters.ordered !== 'all'

  const columns: TableProps<ProformaInvoice>['columns'] = [
    { key: 'number', title: l('number'), render: (_, i) => <Link to={`/profakture/${i.id}`}>{i.number}</Link> },
    { key: 'buyer', title: l('buyer'), render: (_, i) => (i.company_name ? `${i.company_name} (${i.name})` : i.name) },
    { key: 'email', title: l('email'), render: (_, i) => i.email },
    { key: 'city', title: l('city'), render: (_, i) => i.city },
    { key: 'total', title: l('total'), align: 'right', render: (_, i) => formatMoney(i.total) },
    { key: 'valid', title: l('validUntil'), render: (_, i) => formatDay(i.valid_until) },
    {
      key: 'order',
      title: l('order'),
      render: (_, i) => (i.order_id ? <Link to={`/porudzbine/${i.order_id}`}>{i.order_number}</Link> : <Tag>{l('notOrdered')}</Tag>),
    },
    { key: 'created', title: l('createdAt'), render: (_, i) => formatDate(i.created_at) },
    {
      key: 'actions',
      title: t('common.actions'),
      width: 80,
      render: (_, i) => <Button size="small" icon={<FilePdfOutlined />} aria-label={l('pdf')} title={l('pdf')} onClick={() => void downloadInvoicePdf(i)} />,
    },
  ]

  return (
    <>
      <ListPage<ProformaInvoice>
        title={l('title')}
        pageSizes={INVOICE_PAGE_SIZES}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
            {l('add')}
          </Button>
        }
        toolbar={
          <Space wrap>
            <div style={{ width: 150 }}>
              <DayPicker aria-label={l('dateFrom')} placeholder={l('dateFrom')} value={filters.date_from} onChange={(v) => setFilter('date_from', v)} />
            </div>
            <div style={{ width: 150 }}>
              <DayPicker aria-label={l('dateTo')} placeholder={l('dateTo')} value={filters.date_to} onChange={(v) => setFilter('date_to', v)} />
            </div>
            <Segmented<Ordered> value={filters.ordered} onChange={(v) => setFilter('ordered', v)} options={ORDERED.map((o) => ({ value: o, label: l(`ordered.${o}`) }))} />
            {filtered && <Button onClick={clear}>{l('clear')}</Button>}
          </Space>
        }
        rowKey="id"
        columns={columns}
        rows={list.data?.data}
        meta={list.data?.meta}
        loading={list.isFetching}
      />
      {creating && <InvoiceCreateDialog onClose={() => setCreating(false)} />}
    </>
  )
}
