// The order's SEF e-invoice (on the order and the proforma screens): its number, status and
// SEF id, why it is invalid or refused, the buyer's reason of a rejection; the XML and the
// printable view; retry, and cancel or storno with a reason. Below it, the credit notes of
// returns made after SEF had it, each with its status, XML and printable view (and retry while
// SEF does not have it). In simulator mode it says the e-invoice is a test one.
import { Alert, Button, Card, Descriptions, Input, Space, Table, Tag, Tooltip, Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDateTime, formatDay, formatMoney } from '../../format'
import {
  openEinvoice,
  useCancelEinvoice,
  useIssueEinvoice,
  useOrderCreditNotes,
  useOrderEinvoice,
  useRetryEinvoice,
  useStornoEinvoice,
  type Einvoice,
} from '../../hooks/api/einvoices'
import { showRefusal } from './OrderPage'

const colors: Record<string, string> = {
  invalid: 'red',
  refused: 'red',
  queued: 'gold',
  Sent: 'blue',
  Approved: 'green',
  Rejected: 'red',
  Cancelled: 'default',
  Storno: 'default',
}

export function einvoiceColor(status: string | undefined) {
  return colors[status ?? ''] ?? 'default'
}

/** EinvoiceCard shows an order's e-invoice; a completed company order without one can make it. */
export function EinvoiceCard({ orderId, canIssue, company }: { orderId: number; canIssue: boolean; company: boolean }) {
  const { t } = useTranslation()
  const q = useOrderEinvoice(orderId, company)
  const issue = useIssueEinvoice()
  const e = q.data
  if (q.isLoading) return <Card title={t('orders.einvoice.title')} size="small" loading />
  if (!e) {
    if (!canIssue) return null
    return (
      <Card title={t('orders.einvoice.title')} size="small">
        <Space>
          <Typography.Text type="secondary">{t('orders.einvoice.none')}</Typography.Text>
          <Button loading={issue.isPending} onClick={() => issue.mutate(orderId, { onError: showRefusal })}>
            {t('orders.einvoice.issue')}
          </Button>
        </Space>
      </Card>
    )
  }
  return (
    <>
      <EinvoiceDetail e={e} />
      <CreditNotes orderId={orderId} />
    </>
  )
}

/** CreditNotes lists the order's credit notes (nothing when it has none). */
function CreditNotes({ orderId }: { orderId: number }) {
  const { t } = useTranslation()
  const l = (k: string) => t(`orders.einvoice.${k}`)
  const q = useOrderCreditNotes(orderId, true)
  const retry = useRetryEinvoice()
  const notes = q.data ?? []
  if (notes.length === 0) return null
  return (
    <Card title={l('creditNotes')} size="small" style={{ marginTop: 16 }}>
      <Table<Einvoice>
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={notes}
        columns={[
          { key: 'number', title: t('orders.einvoices.number'), render: (_, n) => n.number },
          { key: 'issued', title: l('issueDate'), render: (_, n) => formatDay(n.issue_date) },
          { key: 'total', title: `${l('total')} (RSD)`, align: 'right', render: (_, n) => formatMoney(n.total) },
          {
            key: 'status',
            title: t('orders.einvoices.status'),
            render: (_, n) => (
              <Space size={4}>
                <Tag color={einvoiceColor(n.status)}>{n.status_label}</Tag>
                {(n.error || n.comment) && (
                  <Tooltip title={n.error || n.comment}>
                    <span>{(n.error || n.comment)!.slice(0, 40)}</span>
                  </Tooltip>
                )}
              </Space>
            ),
          },
          {
            key: 'actions',
            title: t('common.actions'),
            render: (_, n) => (
              <Space size={4}>
                <Button size="small" onClick={() => void openEinvoice(n.id!, 'html')}>
                  {l('view')}
                </Button>
                <Button size="small" onClick={() => void openEinvoice(n.id!, 'xml')}>
                  XML
                </Button>
                {n.sef_invoice_id == null && (
                  <Button size="small" loading={retry.isPending && retry.variables === n.id} onClick={() => retry.mutate(n.id!, { onError: showRefusal })}>
                    {l('retry')}
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
    </Card>
  )
}

function EinvoiceDetail({ e }: { e: Einvoice }) {
  const { t } = useTranslation()
  const l = (k: string) => t(`orders.einvoice.${k}`)
  const retry = useRetryEinvoice()
  const cancel = useCancelEinvoice()
  const storno = useStornoEinvoice()
  const [comment, setComment] = useState('')
  const id = e.id!
  const canRetry = e.sef_invoice_id == null
  const canCancel = e.status === 'Sent'
  const canStorno = e.status === 'Sent' || e.status === 'Approved'
  const act = (m: typeof cancel) => m.mutate({ id, comment }, { onSuccess: () => setComment(''), onError: showRefusal })
  return (
    <Card
      title={`${l('title')} ${e.number}`}
      size="small"
      extra={
        <Space>
          {e.test && <Tag color="orange">{l('test')}</Tag>}
          <Tag color={einvoiceColor(e.status)}>{e.status_label}</Tag>
        </Space>
      }
    >
      <Descriptions size="small" column={2}>
        <Descriptions.Item label={l('buyer')}>{`${e.buyer_name} (PIB ${e.buyer_pib})`}</Descriptions.Item>
        <Descriptions.Item label={l('total')}>{formatMoney(e.total)} RSD</Descriptions.Item>
        <Descriptions.Item label={l('issueDate')}>{e.issue_date}</Descriptions.Item>
        <Descriptions.Item label={l('deliveryDate')}>{e.delivery_date}</Descriptions.Item>
        <Descriptions.Item label={l('sefId')}>{e.sef_invoice_id ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={l('sentAt')}>{e.sent_at ? formatDateTime(e.sent_at) : '—'}</Descriptions.Item>
      </Descriptions>
      {e.comment && <Alert type={e.status === 'Rejected' ? 'error' : 'info'} message={`${l('comment')}: ${e.comment}`} style={{ marginBottom: 8 }} />}
      {e.error && <Alert type="warning" message={l('error')} description={<pre style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{e.error}</pre>} style={{ marginBottom: 8 }} />}
      <Space wrap>
        <Button onClick={() => void openEinvoice(id, 'html')}>{l('view')}</Button>
        <Button onClick={() => void openEinvoice(id, 'xml')}>XML</Button>
        {canRetry && (
          <Button loading={retry.isPending} onClick={() => retry.mutate(id, { onError: showRefusal })}>
            {l('retry')}
          </Button>
        )}
        {(canCancel || canStorno) && (
          <>
            <Input aria-label={l('reason')} placeholder={l('reason')} value={comment} onChange={(ev) => setComment(ev.target.value)} style={{ width: 240 }} />
            {canCancel && (
              <Button danger disabled={!comment.trim()} loading={cancel.isPending} onClick={() => act(cancel)}>
                {l('cancel')}
              </Button>
            )}
            {canStorno && (
              <Button danger disabled={!comment.trim()} loading={storno.isPending} onClick={() => act(storno)}>
                {l('storno')}
              </Button>
            )}
          </>
        )}
      </Space>
    </Card>
  )
}
