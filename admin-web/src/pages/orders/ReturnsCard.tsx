// The order's item returns (on the order screen): each return with its lines, total and refund
// receipt, and for a paid, not cancelled order the "Povraćaj" action (update-order): a dialog
// to pick how many units of each line come back, at most what is left of the line.
import { RollbackOutlined } from '@ant-design/icons'
import { Alert, Button, Card, Form, Input, InputNumber, List, Modal, Space, Table, Tag, Typography, type TableProps } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Perm } from '@shop/shared'
import { ApiError } from '../../api/client'
import { can } from '../../auth/access'
import { serverFieldData } from '../../forms/serverErrors'
import { formatDateTime, formatMoney } from '../../format'
import type { StaffOrder } from '../../hooks/api/orders'
import { returnedByLine, useCreateReturn, useOrderReturns } from '../../hooks/api/returns'
import { useMe } from '../../hooks/api/session'
import { toast } from '../../notify'
import { receiptColor } from '../fiscal/FiscalReceiptsPage'

type Item = NonNullable<StaffOrder['items']>[number]

export function ReturnsCard({ o }: { o: StaffOrder }) {
  const { t } = useTranslation()
  const l = (k: string, v?: Record<string, unknown>) => t(`orders.returns.${k}`, v)
  const returns = useOrderReturns(o.id!)
  const { data: me } = useMe()
  const [open, setOpen] = useState(false)
  const rows = returns.data ?? []
  const done = returnedByLine(rows)
  const anyLeft = (o.items ?? []).some((it) => it.quantity > (done[it.id!] ?? 0))
  const canReturn = can(me, Perm.UpdateOrder) && !!o.paid_at && !o.status?.startsWith('cancelled') && anyLeft
  return (
    <Card
      title={l('card')}
      size="small"
      loading={returns.isLoading}
      data-testid="returns-card"
      extra={
        canReturn && (
          <Button icon={<RollbackOutlined />} onClick={() => setOpen(true)}>
            {l('action')}
          </Button>
        )
      }
    >
      {rows.length === 0 ? (
        <Typography.Text type="secondary">{l('none')}</Typography.Text>
      ) : (
        <List
          size="small"
          dataSource={rows}
          renderItem={(r) => (
            <List.Item>
              <Space direction="vertical" size={2}>
                <Space wrap>
                  <strong>{l('number', { n: r.number })}</strong>
                  <span>{formatDateTime(r.created_at)}</span>
                  <span>
                    {formatMoney(r.total)} RSD
                  </span>
                  {r.receipt ? (
                    <>
                      <Tag color={receiptColor(r.receipt.status)}>{r.receipt.status_label}</Tag>
                      {r.receipt.invoice_number && <span>{r.receipt.invoice_number}</span>}
                    </>
                  ) : (
                    <Typography.Text type="secondary">{l('noReceipt')}</Typography.Text>
                  )}
                </Space>
                <span>{(r.items ?? []).map((it) => `${it.name} × ${it.quantity}`).join(', ')}</span>
                {r.reason && (
                  <Typography.Text type="secondary">
                    {l('reason')}: {r.reason}
                  </Typography.Text>
                )}
              </Space>
            </List.Item>
          )}
        />
      )}
      {open && <ReturnDialog o={o} done={done} onClose={() => setOpen(false)} />}
    </Card>
  )
}

interface Values {
  reason?: string
  qty: Record<string, number | null>
}

/** ReturnDialog picks the lines and quantities of a return and records it. */
export function ReturnDialog({ o, done, onClose }: { o: StaffOrder; done: Record<number, number>; onClose: () => void }) {
  const { t } = useTranslation()
  const l = (k: string, v?: Record<string, unknown>) => t(`orders.returns.${k}`, v)
  const [form] = Form.useForm<Values>()
  const create = useCreateReturn(o.id!)
  const [refusal, setRefusal] = useState('')
  const items = o.items ?? []
  const submit = async (vals: Values) => {
    setRefusal('')
    const sent = items.filter((it) => (vals.qty?.[String(it.id)] ?? 0) > 0)
    if (sent.length === 0) {
      setRefusal(l('pickOne'))
      return
    }
    try {
      await create.mutateAsync({
        reason: (vals.reason ?? '').trim(),
        items: sent.map((it) => ({ order_item_id: it.id!, quantity: vals.qty[String(it.id)]! })),
      })
      toast({ type: 'success', message: l('saved') })
      onClose()
    } catch (err) {
      // items[i] are the lines sent: their messages go on those lines' quantity fields.
      const onForm: { name: ['qty', string] | ['reason']; errors: string[] }[] = []
      let other = ''
      for (const f of serverFieldData(err)) {
        const m = /^items\[(\d+)\]/.exec(f.name)
        const line = m ? sent[Number(m[1])] : undefined
        if (line) onForm.push({ name: ['qty', String(line.id)], errors: f.errors })
        else if (f.name === 'reason') onForm.push({ name: ['reason'], errors: f.errors })
        else other ||= f.errors[0]
      }
      form.setFields(onForm)
      if (other) setRefusal(other)
      else if (!(err instanceof ApiError) || err.status !== 422) onClose()
    }
  }
  const columns: TableProps<Item>['columns'] = [
    { key: 'name', dataIndex: 'name', title: l('product') },
    { key: 'price', title: `${l('price')} (RSD)`, align: 'right', render: (_, it) => formatMoney(it.price) },
    { key: 'bought', dataIndex: 'quantity', title: l('bought'), align: 'right', width: 90 },
    {
      key: 'qty',
      title: l('quantity'),
      width: 140,
      render: (_, it) => {
        const left = it.quantity - (done[it.id!] ?? 0)
        return (
          <Form.Item name={['qty', String(it.id)]} style={{ margin: 0 }} extra={l('left', { n: left })}>
            <InputNumber min={0} max={left} precision={0} disabled={left <= 0} aria-label={`${l('quantity')} ${it.name}`} style={{ width: '100%' }} />
          </Form.Item>
        )
      },
    },
  ]
  return (
    <Modal
      open
      width={760}
      title={l('title')}
      okText={l('save')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={create.isPending}
      destroyOnHidden
    >
      <Form<Values> form={form} layout="vertical" onFinish={(v) => void submit(v)} initialValues={{ qty: {} }}>
        <Typography.Paragraph type="secondary">{l('intro')}</Typography.Paragraph>
        <Table<Item> size="small" rowKey={(it) => String(it.id)} columns={columns} dataSource={items} pagination={false} />
        <Form.Item name="reason" label={l('reason')} rules={[{ max: 500 }]} style={{ marginTop: 16 }}>
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
        {refusal && <Alert type="error" showIcon message={refusal} />}
      </Form>
    </Modal>
  )
}
