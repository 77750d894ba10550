// Orders (view-order): the shared list (search by number, e-mail, name or phone; page sizes
// 20, 50, 100) with the orders' own filters in the toolbar — status, payment method and a day
// range, all kept in the address — the filtered set's count and sum, and the XLSX export of
// what the filters select. (The shared FilterPanel edits product filters; the orders' four
// filters fit the toolbar as the activity log's do.)
import { DownloadOutlined } from '@ant-design/icons'
import { Button, Select, Tag, type TableProps } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { DayPicker } from '../../components/DayPicker'
import { ListPage } from '../../components/ListPage'
import { useListParams, useUrlFilters } from '../../components/useListParams'
import { formatDateTime, formatMoney } from '../../format'
import {
  exportOrders,
  isCancelled,
  ORDER_STATUSES,
  PAYMENT_METHODS,
  useOrders,
  type OrderFilters,
  type OrderStatus,
  type PaymentMethod,
  type StaffOrderRow,
} from '../../hooks/api/orders'
import { toast } from '../../notify'

export const ORDER_PAGE_SIZES = [20, 50, 100] as const
const FILTER_KEYS = ['status', 'payment_method', 'date_from', 'date_to'] as const
const DAY = /^\d{4}-\d{2}-\d{2}$/

/** readOrderFilters: the filters kept in the address (unknown or malformed values dropped). */
export function readOrderFilters(q: URLSearchParams): Omit<OrderFilters, 'search'> {
  const out: Omit<OrderFilters, 'search'> = {}
  const status = q.get('status')
  if (status && (ORDER_STATUSES as readonly string[]).includes(status)) out.status = status as OrderStatus
  const pay = q.get('payment_method')
  if (pay && (PAYMENT_METHODS as readonly string[]).includes(pay)) out.payment_method = pay as PaymentMethod
  for (const k of ['date_from', 'date_to'] as const) {
    const v = q.get(k)
    if (v && DAY.test(v)) out[k] = v
  }
  return out
}

export function statusColor(s: string | undefined): string | undefined {
  if (s === 'completed') return 'green'
  if (s === 'contacted') return 'blue'
  if (s === 'on_hold') return 'orange'
  if (isCancelled(s)) return 'red'
  return undefined
}

export function OrdersPage() {
  const { t } = useTranslation()
  const l = (k: string, o?: Record<string, unknown>) => t(`orders.${k}`, o ?? {})
  const { q, set: setFilter, clear } = useUrlFilters(FILTER_KEYS)
  const [params] = useListParams(ORDER_PAGE_SIZES)
  const filters = readOrderFilters(q)
  const list = useOrders({ page: params.page, paginate: params.paginate, search: params.search || undefined, ...filters })
  const [exporting, setExporting] = useState(false)

  const doExport = async () => {
    setExporting(true)
    try {
      await exportOrders({ ...filters, search: params.search || undefined })
    } catch {
      toast({ type: 'danger', message: l('exportFailed') })
    } finally {
      setExporting(false)
    }
  }

  const columns: TableProps<StaffOrderRow>['columns'] = [
    { key: 'number', title: l('number'), width: 130, render: (_, o) => <Link to={`/porudzbine/${o.id}`}>{o.number}</Link> },
    { key: 'date', title: l('date'), width: 150, render: (_, o) => formatDateTime(o.date) },
    { key: 'customer', title: l('customer'), render: (_, o) => (o.company_name ? `${o.name} (${o.company_name})` : o.name) },
    { key: 'email', dataIndex: 'email', title: l('email') },
    { key: 'phone', dataIndex: 'phone', title: l('phone'), width: 150 },
    { key: 'city', dataIndex: 'city', title: l('city'), width: 120 },
    { key: 'payment', title: l('payment'), render: (_, o) => o.payment_method_label },
    { key: 'status', title: l('status'), render: (_, o) => <Tag color={statusColor(o.status)}>{o.status_label}</Tag> },
    { key: 'items', dataIndex: 'items_count', title: l('items'), width: 80 },
    { key: 'total', title: `${l('total')} (RSD)`, width: 130, align: 'right', render: (_, o) => formatMoney(o.total) },
  ]

  const meta = list.data?.meta
  return (
    <ListPage<StaffOrderRow>
      title={l('title')}
      pageSizes={ORDER_PAGE_SIZES}
      extra={
        <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void doExport()}>
          {l('export')}
        </Button>
      }
      toolbar={
        <>
          <Select
            style={{ width: 220 }}
            allowClear
            placeholder={l('anyStatus')}
            aria-label={l('status')}
            value={filters.status}
            onChange={(v?: string) => setFilter('status', v)}
            options={ORDER_STATUSES.map((s) => ({ value: s, label: l(`statuses.${s}`) }))}
          />
          <Select
            style={{ width: 240 }}
            allowClear
            placeholder={l('anyPayment')}
            aria-label={l('payment')}
            value={filters.payment_method}
            onChange={(v?: string) => setFilter('payment_method', v)}
            options={PAYMENT_METHODS.map((p) => ({ value: p, label: l(`payments.${p}`) }))}
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
      chips={
        meta && (
          <span data-testid="orders-sum">
            {l('sum', { amount: `${formatMoney(meta.total_amount)} RSD` })}
          </span>
        )
      }
      rowKey="id"
      columns={columns}
      rows={list.data?.data}
      meta={meta}
      loading={list.isFetching}
    />
  )
}
