// One proforma invoice (view-proforma-invoice, /profakture/:invoiceId): the fields of spec 3, its
// products and VAT per rate; the PDF, the mail to the buyer (with copies to the invoice e-mail
// entries) and the transfer to an order, each behind a confirmation where it changes something.
import { FilePdfOutlined, MailOutlined, SwapOutlined } from '@ant-design/icons'
import { Button, Card, Descriptions, Space, Tag, Typography, type TableProps } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { NotFound } from '../../components/NotFound'
import { SimpleTable } from '../../components/SimpleTable'
import { usePageTitle } from '../../components/usePageTitle'
import { formatDateTime, formatDay, formatMoney, formatNumber } from '../../format'
import { downloadInvoicePdf, useInvoice, useSendInvoice, useTransferInvoice, type ProformaInvoice } from '../../hooks/api/invoices'
import { isNotFound } from '../content/util'
import { EinvoiceCard } from '../orders/EinvoiceCard'

type Item = NonNullable<ProformaInvoice['items']>[number]
type VatRow = NonNullable<ProformaInvoice['vat']>[number]

/** vatRate: basis points as a percentage (2000 -> 20%). */
export const vatRate = (bps: number | undefined) => `${formatNumber((bps ?? 0) / 100)}%`

export function InvoiceDetail() {
  const { t } = useTranslation()
  const l = (k: string, o?: Record<string, unknown>) => t(`invoices.single.${k}`, o ?? {})
  const id = Number(useParams().invoiceId)
  const q = useInvoice(id)
  const send = useSendInvoice()
  const transfer = useTransferInvoice()
  const [confirm, setConfirm] = useState<'send' | 'transfer' | null>(null)
  const inv = q.data
  usePageTitle(l('title', { number: inv?.number ?? id }))
  if (isNotFound(q.error)) return <NotFound />

  const items: TableProps<Item>['columns'] = [
    { key: 'sku', title: l('sku'), render: (_, i) => i.sku },
    { key: 'name', title: l('product'), render: (_, i) => i.name },
    { key: 'price', title: l('price'), align: 'right', render: (_, i) => formatMoney(i.price) },
    { key: 'quantity', title: l('quantity'), align: 'right', render: (_, i) => i.quantity },
    { key: 'vat', title: l('vatRate'), align: 'right', render: (_, i) => vatRate(i.vat_bps) },
    { key: 'total', title: l('lineTotal'), align: 'right', render: (_, i) => formatMoney(i.total) },
  ]
  const vat: TableProps<VatRow>['columns'] = [
    { key: 'rate', title: l('vatRate'), render: (_, r) => vatRate(r.vat_bps) },
    { key: 'base', title: l('base'), align: 'right', render: (_, r) => formatMoney(r.base) },
    { key: 'vat', title: l('vat'), align: 'right', render: (_, r) => formatMoney(r.vat) },
    { key: 'total', title: l('vatTotal'), align: 'right', render: (_, r) => formatMoney(r.total) },
  ]
  const field = (label: string, value: React.ReactNode) => <Descriptions.Item label={l(label)}>{value === '' || value == null ? '—' : value}</Descriptions.Item>

  return (
    <Card title={l('title', { number: inv?.number ?? id })} loading={q.isLoading} extra={<Link to="/profakture">{l('back')}</Link>}>
      {inv && (
        <>
          <Space style={{ marginBottom: 16 }} wrap>
            <Button icon={<FilePdfOutlined />} onClick={() => void downloadInvoicePdf(inv)}>
              {l('pdf')}
            </Button>
            <Button icon={<MailOutlined />} onClick={() => setConfirm('send')}>
              {l('send')}
            </Button>
            <Button type="primary" icon={<SwapOutlined />} disabled={!!inv.order_id} onClick={() => setConfirm('transfer')}>
              {l('transfer')}
            </Button>
          </Space>
          <Descriptions column={{ xs: 1, sm: 1, md: 2 }} bordered size="small">
            {field('id', inv.id)}
            {field('user', inv.user_id ? <Link to={`/korisnici/${inv.user_id}`}>#{inv.user_id}</Link> : '')}
            {field('name', inv.name)}
            {field('email', inv.email)}
            {field('address', inv.address)}
            {field('city', inv.city)}
            {field('postCode', inv.post_code)}
            {field('phone', inv.phone)}
            {field('validUntil', formatDay(inv.valid_until))}
            {field('total', formatMoney(inv.total))}
            {field('issuePlace', inv.issue_place)}
            {field('paymentMethod', t(`invoices.payment.${inv.payment_method}`, { defaultValue: inv.payment_method }))}
            {field('companyName', inv.company_name)}
            {field('companyNumber', inv.company_number)}
            {field('companyPib', inv.company_pib)}
            {field('order', inv.order_id ? <Link to={`/porudzbine/${inv.order_id}`}>{inv.order_number}</Link> : <Tag>{t('invoices.list.notOrdered')}</Tag>)}
            {field('createdAt', formatDateTime(inv.created_at))}
            {field('sentAt', inv.sent_at ? formatDateTime(inv.sent_at) : l('notSent'))}
            {field('note', inv.note ? <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{inv.note}</Typography.Text> : '')}
          </Descriptions>
          <Typography.Title level={5} style={{ marginTop: 24 }}>
            {l('products')}
          </Typography.Title>
          <SimpleTable<Item> rowKey="product_id" columns={items} dataSource={inv.items ?? []} />
          <Typography.Title level={5} style={{ marginTop: 24 }}>
            {l('vatTitle')}
          </Typography.Title>
          <SimpleTable<VatRow> rowKey="vat_bps" columns={vat} dataSource={inv.vat ?? []} />
          {inv.order_id && (
            <div style={{ marginTop: 16 }}>
              <EinvoiceCard orderId={inv.order_id} canIssue={false} company={!!inv.company_pib} />
            </div>
          )}
          <ConfirmDialog
            open={confirm === 'send'}
            busy={send.isPending}
            title={l('sendTitle')}
            onCancel={() => setConfirm(null)}
            onConfirm={() => send.mutate(id, { onSettled: () => setConfirm(null) })}
          >
            {l('sendText', { email: inv.email })}
          </ConfirmDialog>
          <ConfirmDialog
            open={confirm === 'transfer'}
            busy={transfer.isPending}
            title={l('transferTitle')}
            onCancel={() => setConfirm(null)}
            onConfirm={() => transfer.mutate(id, { onSettled: () => setConfirm(null) })}
          >
            {l('transferText', { number: inv.number })}
          </ConfirmDialog>
        </>
      )}
    </Card>
  )
}
