// The order's fiscal receipts (on the order screen): whether the payment is recorded, with the
// button that records it (update-order; the sale receipt follows), and each receipt with its
// kind, status, the device's invoice number and signing time, the reason of a failure, the
// verification link, the PDF and, for a failed one, a retry. A test receipt says so.
import { FilePdfOutlined, RedoOutlined } from '@ant-design/icons'
import { Alert, Button, Card, List, Space, Tag, Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Perm } from '@shop/shared'
import { can } from '../../auth/access'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { formatDateTime } from '../../format'
import { openReceiptPdf, useOrderReceipts, useRecordPayment, useRetryReceipt } from '../../hooks/api/fiscal'
import type { StaffOrder } from '../../hooks/api/orders'
import { useMe } from '../../hooks/api/session'
import { toast } from '../../notify'
import { receiptColor } from '../fiscal/FiscalReceiptsPage'
import { showRefusal } from './OrderPage'

export function FiscalCard({ o }: { o: StaffOrder }) {
  const { t } = useTranslation()
  const l = (k: string) => t(`orders.fiscal.${k}`)
  const receipts = useOrderReceipts(o.id!)
  const pay = useRecordPayment()
  const retry = useRetryReceipt()
  const { data: me } = useMe()
  const canWrite = can(me, Perm.UpdateOrder)
  const [confirming, setConfirming] = useState(false)
  const cancelled = o.status?.startsWith('cancelled')
  const rows = receipts.data ?? []
  return (
    <Card title={l('card')} size="small" loading={receipts.isLoading} data-testid="fiscal-card">
      <Space direction="vertical" style={{ width: '100%' }}>
        <Space>
          {o.paid_at ? (
            <Tag color="green">
              {l('paid')} {formatDateTime(o.paid_at)}
            </Tag>
          ) : (
            <Typography.Text type="secondary">{l('notPaid')}</Typography.Text>
          )}
          {!o.paid_at && !cancelled && canWrite && (
            <Button loading={pay.isPending} onClick={() => setConfirming(true)}>
              {l('recordPayment')}
            </Button>
          )}
        </Space>
        {rows.some((r) => r.test) && <Alert type="warning" showIcon message={l('testNotice')} />}
        {rows.length === 0 ? (
          <Typography.Text type="secondary">{l('none')}</Typography.Text>
        ) : (
          <List
            size="small"
            dataSource={rows}
            renderItem={(r) => (
              <List.Item
                actions={[
                  r.status === 'sent' && (
                    <Button key="pdf" size="small" icon={<FilePdfOutlined />} onClick={() => void openReceiptPdf(r.id!)}>
                      {l('pdf')}
                    </Button>
                  ),
                  r.status === 'failed' && canWrite && (
                    <Button
                      key="retry"
                      size="small"
                      icon={<RedoOutlined />}
                      loading={retry.isPending}
                      onClick={() => retry.mutate(r.id!, { onSuccess: () => toast({ type: 'success', message: l('retried') }), onError: showRefusal })}
                    >
                      {l('retry')}
                    </Button>
                  ),
                ].filter(Boolean)}
              >
                <Space direction="vertical" size={2}>
                  <Space wrap>
                    <strong>{r.kind_label}</strong>
                    <Tag color={receiptColor(r.status)}>{r.status_label}</Tag>
                    {r.test && <Tag color="orange">{l('test')}</Tag>}
                    {r.invoice_number && <span>{r.invoice_number}</span>}
                    {r.signed_at && <span>{formatDateTime(r.signed_at)}</span>}
                  </Space>
                  {r.reason && (
                    <Typography.Text type={r.status === 'failed' ? 'danger' : 'secondary'}>
                      {l('reason')}: {r.reason}
                    </Typography.Text>
                  )}
                  {r.verification_url && (
                    <a href={r.verification_url} target="_blank" rel="noopener noreferrer">
                      {l('verify')}
                    </a>
                  )}
                </Space>
              </List.Item>
            )}
          />
        )}
      </Space>
      <ConfirmDialog
        open={confirming}
        title={l('recordPayment')}
        busy={pay.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          pay.mutate(o.id!, {
            onSuccess: () => setConfirming(false),
            onError: (e) => {
              setConfirming(false)
              showRefusal(e)
            },
          })
        }
      >
        {l('recordConfirm')}
      </ConfirmDialog>
    </Card>
  )
}
