// Fiscal receipts (view-order): the shared list (the search box finds the buyer's name or PIB,
// the signed invoice number or the order's number; page sizes 20, 50, 100) with the receipts'
// own filters in the toolbar — status, kind and a day range, all kept in the address, as the
// orders list does — and the XLSX export of what they select, for the accountant. Each row links
// to its order; a signed receipt opens as PDF, a failed one can be sent again (update-order).
// A test receipt (simulator) says so. Staff who may change orders import the bank statement here.
import { DownloadOutlined, FilePdfOutlined, RedoOutlined } from '@ant-design/icons'
import { Button, Select, Space, Tag, Tooltip, type TableProps } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Perm } from '@shop/shared'
import { can } from '../../auth/access'
import { DayPicker } from '../../components/DayPicker'
import { ListPage } from '../../components/ListPage'
import { useListParams, useUrlFilters } from '../../components/useListParams'
import { formatDateTime, formatMoney } from '../../format'
import {
  exportReceipts,
  openReceiptPdf,
  RECEIPT_KINDS,
  RECEIPT_STATUSES,
  useFiscalReceipts,
  useRetryReceipt,
  type FiscalReceipt,
  type ReceiptFilters,
  type ReceiptKind,
  type ReceiptStatus,
} from '../../hooks/api/fiscal'
import { useMe } from '../../hooks/api/session'
import { toast } from '../../notify'
import { showRefusal } from '../orders/OrderPage'
import { StatementImport } from './StatementImport'

export const RECEIPT_PAGE_SIZES = [20, 50, 100] as const
const FILTER_KEYS = ['status', 'kind', 'date_from', 'date_to'] as const
const DAY = /^\d{4}-\d{2}-\d{2}$/

/** readReceiptFilters: the filters kept in the address (unknown or malformed values dropped). */
export function readReceiptFilters(q: URLSearchParams): Omit<ReceiptFilters, 'buyer'> {
  const out: Omit<ReceiptFilters, 'buyer'> = {}
  const status = q.get('status')
  if (status && (RECEIPT_STATUSES as readonly string[]).includes(status)) out.status = status as ReceiptStatus
  const kind = q.get('kind')
  if (kind && (RECEIPT_KINDS as readonly string[]).includes(kind)) out.kind = kind as ReceiptKind
  for (const k of ['date_from', 'date_to'] as const) {
    const v = q.get(k)
    if (v && DAY.test(v)) out[k] = v
  }
  return out
}

export function receiptColor(s: string | undefined): string {
  if (s === 'sent') return 'green'
  if (s === 'failed') return 'red'
  return 'gold'
}

export function FiscalReceiptsPage() {
  const { t } = useTranslation()
  const l = (k: string) => t(`orders.fiscal.${k}`)
  const { q, set: setFilter, clear } = useUrlFilters(FILTER_KEYS)
  const [params] = useListParams(RECEIPT_PAGE_SIZES)
  const filters = readReceiptFilters(q)
  const buyer = params.search || undefined
  const list = useFiscalReceipts({ page: params.page, paginate: params.paginate, buyer, ...filters })
  const retry = useRetryReceipt()
  const { data: me } = useMe()
  const canRetry = can(me, Perm.UpdateOrder)
  const [exporting, setExporting] = useState(false)

  const doExport = async () => {
    setExporting(true)
    try {
      await exportReceipts({ ...filters, buyer })
    } catch {
      toast({ type: 'danger', message: l('exportFailed') })
    } finally {
      setExporting(false)
    }
  }

  const columns: TableProps<FiscalReceipt>['columns'] = [
    { key: 'order', title: l('order'), width: 130, render: (_, r) => <Link to={`/porudzbine/${r.order_id}`}>{r.order_number}</Link> },
    { key: 'kind', title: l('kind'), render: (_, r) => r.kind_label },
    { key: 'number', title: l('invoiceNumber'), render: (_, r) => r.invoice_number || '—' },
    { key: 'signed', title: l('signedAt'), width: 150, render: (_, r) => (r.signed_at ? formatDateTime(r.signed_at) : '—') },
    { key: 'buyer', title: l('buyer'), render: (_, r) => (r.buyer_pib ? `${r.buyer_name} (PIB ${r.buyer_pib})` : r.buyer_name) },
    { key: 'total', title: `${l('total')} (RSD)`, width: 130, align: 'right', render: (_, r) => formatMoney(r.total) },
    {
      key: 'status',
      title: l('status'),
      render: (_, r) => (
        <Space size={4} wrap>
          <Tag color={receiptColor(r.status)}>{r.status_label}</Tag>
          {r.test && <Tag color="orange">{l('test')}</Tag>}
          {r.reason && (
            <Tooltip title={r.reason}>
              <span className="receipt-reason">{r.reason.length > 60 ? `${r.reason.slice(0, 60)}…` : r.reason}</span>
            </Tooltip>
          )}
        </Space>
      ),
    },
    {
      key: 'actions',
      title: t('common.actions'),
      width: 100,
      render: (_, r) => (
        <Space size={4}>
          {r.status === 'sent' && (
            <Button size="small" icon={<FilePdfOutlined />} aria-label={l('pdf')} title={l('pdf')} onClick={() => void openReceiptPdf(r.id!)} />
          )}
          {r.status === 'failed' && canRetry && (
            <Button
              size="small"
              icon={<RedoOutlined />}
              aria-label={l('retry')}
              title={l('retry')}
              loading={retry.isPending && retry.variables === r.id}
              onClick={() => retry.mutate(r.id!, { onSuccess: () => toast({ type: 'success', message: l('retried') }), onError: showRefusal })}
            />
          )}
        </Space>
      ),
    },
  ]

  return (
    <ListPage<FiscalReceipt>
      title={l('title')}
      pageSizes={RECEIPT_PAGE_SIZES}
      extra={
        <Space>
          {canRetry && <StatementImport />}
          <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void doExport()}>
            {l('export')}
          </Button>
        </Space>
      }
      toolbar={
        <>
          <Select
            style={{ width: 180 }}
            allowClear
            placeholder={l('anyStatus')}
            aria-label={l('status')}
            value={filters.status}
            onChange={(v?: string) => setFilter('status', v)}
            options={RECEIPT_STATUSES.map((s) => ({ value: s, label: l(`statuses.${s}`) }))}
          />
          <Select
            style={{ width: 200 }}
            allowClear
            placeholder={l('anyKind')}
            aria-label={l('kind')}
            value={filters.kind}
            onChange={(v?: string) => setFilter('kind', v)}
            options={RECEIPT_KINDS.map((k) => ({ value: k, label: l(`kinds.${k}`) }))}
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
