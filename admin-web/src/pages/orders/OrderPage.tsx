// One order (view-order; back-office-and-shell.md 2.4 "Order screen"): the order and its
// items, the customer's, shipping and company data, the status with a transition control that
// offers only the statuses the server allows next (a cancelled status asks for its reason),
// the delivery fields, internal notes (add, edit, delete after a confirmation), notes to the
// customer (sent by mail) and the order's files (upload, download, delete).
import { DeleteOutlined, DownloadOutlined, EditOutlined, UploadOutlined } from '@ant-design/icons'
import { Button, Card, Col, Descriptions, Flex, Form, Input, List, Row, Select, Space, Table, Tag, Typography, Upload, type TableProps } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { usePageTitle } from '../../components/usePageTitle'
import { applyServerErrors } from '../../forms/serverErrors'
import { formatDateTime, formatMoney } from '../../format'
import {
  CANCEL_REASONS,
  downloadOrderAttachment,
  isCancelled,
  useAddOrderNote,
  useChangeOrderStatus,
  useDeleteOrderAttachment,
  useDeleteOrderNote,
  useOrder,
  useUpdateOrderDelivery,
  useUpdateOrderNote,
  useUploadOrderAttachment,
  type CancelReason,
  type DeliveryFields,
  type OrderAttachment,
  type OrderNote,
  type OrderStatus,
  type StaffOrder,
} from '../../hooks/api/orders'
import { ApiError } from '../../api/client'
import { toast } from '../../notify'
import { EinvoiceCard } from './EinvoiceCard'
import { FiscalCard } from './FiscalCard'
import { ReturnsCard } from './ReturnsCard'
import { statusColor } from './OrdersPage'
import { ScrollX } from '../../components/ScrollX'

type Item = NonNullable<StaffOrder['items']>[number]

/**
 * showRefusal: a 422 has no global toast (forms show it on their fields); the controls here are
 * not forms, so the refusal's first field message (e.g. a refused transition, a file type) is
 * the toast.
 */
export function showRefusal(err: unknown) {
  if (!(err instanceof ApiError) || err.status !== 422) return
  const first = Object.values(err.fields)[0] ?? err.body?.message
  if (first) toast({ type: 'danger', message: first })
}

export function OrderPage() {
  const { t } = useTranslation()
  const id = Number(useParams().orderId)
  const order = useOrder(id)
  const o = order.data
  usePageTitle(t('orders.single', { number: o?.number ?? `#${id}` }))
  return (
    <Flex vertical gap={16}>
      <Card title={t('orders.single', { number: o?.number ?? `#${id}` })} loading={order.isLoading} extra={o && <Tag color={statusColor(o.status)}>{o.status_label}</Tag>}>
        {o && <OrderSummary o={o} />}
      </Card>
      {o && (
        <>
          <Row gutter={16}>
            <Col xs={24} lg={12}>
              <StatusControl o={o} />
            </Col>
            <Col xs={24} lg={12}>
              <DeliveryForm o={o} />
            </Col>
          </Row>
          <Row gutter={16}>
            <Col xs={24} lg={12}>
              <Notes o={o} kind="internal" />
            </Col>
            <Col xs={24} lg={12}>
              <Notes o={o} kind="customer" />
            </Col>
          </Row>
          <Files o={o} />
          <FiscalCard o={o} />
          <ReturnsCard o={o} />
          <EinvoiceCard orderId={o.id!} canIssue={o.status === 'completed' && !!o.company_pib} company={!!o.company_pib} />
        </>
      )}
    </Flex>
  )
}

function OrderSummary({ o }: { o: StaffOrder }) {
  const { t } = useTranslation()
  const d = (k: string) => t(`orders.detail.${k}`)
  const columns: TableProps<Item>['columns'] = [
    { key: 'sku', dataIndex: 'sku', title: d('sku'), width: 140 },
    { key: 'name', dataIndex: 'name', title: d('product') },
    { key: 'price', title: `${d('price')} (RSD)`, align: 'right', render: (_, it) => formatMoney(it.price) },
    { key: 'quantity', dataIndex: 'quantity', title: d('quantity'), align: 'right', width: 100 },
    { key: 'total', title: `${d('lineTotal')} (RSD)`, align: 'right', render: (_, it) => formatMoney(it.total) },
  ]
  const s = o.shipping
  return (
    <Flex vertical gap={16}>
      <Descriptions size="small" bordered column={{ xs: 1, md: 2 }}>
        <Descriptions.Item label={t('orders.date')}>{formatDateTime(o.date)}</Descriptions.Item>
        <Descriptions.Item label={t('orders.payment')}>{o.payment_method_label}</Descriptions.Item>
        <Descriptions.Item label={t('orders.total')}>{formatMoney(o.total)} RSD</Descriptions.Item>
        {o.cancel_reason && <Descriptions.Item label={d('cancelReason')}>{o.cancel_reason_label}</Descriptions.Item>}
        {o.proforma_invoice_id ? (
          <Descriptions.Item label={d('proforma')}>
            <Link to={`/profakture/${o.proforma_invoice_id}`}>#{o.proforma_invoice_id}</Link>
          </Descriptions.Item>
        ) : null}
      </Descriptions>
      {/* wider than a phone: the table scrolls sideways, not the page */}
      <ScrollX>
        <Table<Item> size="small" rowKey={(it) => `${it.product_id}-${it.sku}`} columns={columns} dataSource={o.items ?? []} pagination={false} />
      </ScrollX>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Descriptions title={d('customerData')} size="small" column={1} bordered>
            <Descriptions.Item label={t('orders.customer')}>{o.name}</Descriptions.Item>
            <Descriptions.Item label={t('orders.email')}>{o.email}</Descriptions.Item>
            <Descriptions.Item label={t('orders.phone')}>{o.phone}</Descriptions.Item>
            <Descriptions.Item label={d('address')}>{o.address}</Descriptions.Item>
            <Descriptions.Item label={t('orders.city')}>
              {o.post_code} {o.city}
            </Descriptions.Item>
            {o.note && (
              <Descriptions.Item label={d('note')}>
                <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{o.note}</Typography.Text>
              </Descriptions.Item>
            )}
          </Descriptions>
        </Col>
        <Col xs={24} md={12}>
          <Descriptions title={d('shipping')} size="small" column={1} bordered>
            <Descriptions.Item label={t('orders.customer')}>{s?.name}</Descriptions.Item>
            <Descriptions.Item label={d('address')}>{s?.address}</Descriptions.Item>
            <Descriptions.Item label={t('orders.city')}>
              {s?.post_code} {s?.city}
            </Descriptions.Item>
            <Descriptions.Item label={t('orders.phone')}>{s?.phone}</Descriptions.Item>
          </Descriptions>
          {o.company_name && (
            <Descriptions title={d('company')} size="small" column={1} bordered style={{ marginTop: 16 }}>
              <Descriptions.Item label={d('companyName')}>{o.company_name}</Descriptions.Item>
              <Descriptions.Item label={d('pib')}>{o.company_pib}</Descriptions.Item>
              {o.company_number && <Descriptions.Item label={d('companyNumber')}>{o.company_number}</Descriptions.Item>}
            </Descriptions>
          )}
        </Col>
      </Row>
    </Flex>
  )
}

/** StatusControl offers only the next statuses the server answers; a cancelled one needs a reason. */
export function StatusControl({ o }: { o: StaffOrder }) {
  const { t } = useTranslation()
  const d = (k: string) => t(`orders.detail.${k}`)
  const change = useChangeOrderStatus(o.id!)
  const [next, setNext] = useState<OrderStatus | undefined>()
  const [reason, setReason] = useState<CancelReason | undefined>()
  const options = o.next_statuses ?? []
  const needsReason = isCancelled(next)
  const submit = () => {
    if (!next) return
    change.mutate(needsReason ? { status: next, cancel_reason: reason } : { status: next }, {
      onSuccess: () => {
        setNext(undefined)
        setReason(undefined)
      },
      onError: showRefusal,
    })
  }
  return (
    <Card title={d('statusChange')} size="small">
      {options.length === 0 ? (
        <Typography.Text type="secondary">{d('final')}</Typography.Text>
      ) : (
        <Space wrap>
          <Select<OrderStatus>
            style={{ width: 240 }}
            aria-label={d('nextStatus')}
            placeholder={d('nextStatus')}
            value={next}
            onChange={(v) => {
              setNext(v)
              if (!isCancelled(v)) setReason(undefined)
            }}
            options={options.map((s) => ({ value: s.status as OrderStatus, label: s.label }))}
          />
          {needsReason && (
            <Select<CancelReason>
              style={{ width: 200 }}
              aria-label={d('reason')}
              placeholder={d('reason')}
              value={reason}
              onChange={setReason}
              options={CANCEL_REASONS.map((r) => ({ value: r, label: t(`orders.reasons.${r}`) }))}
            />
          )}
          <Button type="primary" disabled={!next || (needsReason && !reason)} loading={change.isPending} onClick={submit}>
            {d('change')}
          </Button>
        </Space>
      )}
      {o.stock_returned && (
        <div style={{ marginTop: 8 }}>
          <Typography.Text type="secondary">{d('stockReturned')}</Typography.Text>
        </div>
      )}
    </Card>
  )
}

function DeliveryForm({ o }: { o: StaffOrder }) {
  const { t } = useTranslation()
  const d = (k: string) => t(`orders.detail.${k}`)
  const [form] = Form.useForm<DeliveryFields>()
  const update = useUpdateOrderDelivery(o.id!)
  const initial: DeliveryFields = {
    delivery_status: o.delivery_status,
    delivery_time: o.delivery_time,
    supplier: o.supplier,
    replacement_product: o.replacement_product,
  }
  return (
    <Card title={d('delivery')} size="small">
      <Form<DeliveryFields>
        form={form}
        layout="vertical"
        initialValues={initial}
        onFinish={(v) => update.mutate(v, { onError: (err) => applyServerErrors(form, err) })}
      >
        {(['delivery_status', 'delivery_time', 'supplier', 'replacement_product'] as const).map((k) => (
          <Form.Item key={k} name={k} label={d(camel(k))} rules={[{ max: 255 }]}>
            <Input maxLength={255} />
          </Form.Item>
        ))}
        <Button type="primary" htmlType="submit" loading={update.isPending}>
          {t('common.save')}
        </Button>
      </Form>
    </Card>
  )
}

const camel = (s: string) => s.replace(/_(.)/g, (_, c: string) => c.toUpperCase())

/** Notes of one kind: internal ones can be edited and deleted; notes to the customer are sent. */
export function Notes({ o, kind }: { o: StaffOrder; kind: 'internal' | 'customer' }) {
  const { t } = useTranslation()
  const n = (k: string, opts?: Record<string, unknown>) => t(`orders.notes.${k}`, opts ?? {})
  const add = useAddOrderNote(o.id!)
  const update = useUpdateOrderNote(o.id!)
  const remove = useDeleteOrderNote(o.id!)
  const [text, setText] = useState('')
  const [editing, setEditing] = useState<{ id: number; body: string } | null>(null)
  const [deleting, setDeleting] = useState<OrderNote | null>(null)
  const notes = (o.notes ?? []).filter((x) => x.kind === kind)
  const send = () => add.mutate({ kind, body: text }, { onSuccess: () => setText(''), onError: showRefusal })
  return (
    <Card title={n(kind)} size="small">
      <List<OrderNote>
        size="small"
        dataSource={notes}
        locale={{ emptyText: n('none') }}
        renderItem={(x) => (
          <List.Item
            actions={
              kind === 'internal' && editing?.id !== x.id
                ? [
                    <Button key="edit" size="small" icon={<EditOutlined />} aria-label={t('common.edit')} onClick={() => setEditing({ id: x.id!, body: x.body })} />,
                    <Button key="delete" size="small" danger icon={<DeleteOutlined />} aria-label={t('common.delete')} onClick={() => setDeleting(x)} />,
                  ]
                : []
            }
          >
            {editing && editing.id === x.id ? (
              <Flex vertical gap={8} style={{ width: '100%' }}>
                <Input.TextArea aria-label={n('placeholderInternal')} value={editing.body} maxLength={2000} onChange={(e) => setEditing({ id: x.id!, body: e.target.value })} />
                <Space>
                  <Button
                    type="primary"
                    size="small"
                    disabled={editing.body.trim() === ''}
                    loading={update.isPending}
                    onClick={() => update.mutate({ noteId: x.id!, body: editing.body }, { onSuccess: () => setEditing(null), onError: showRefusal })}
                  >
                    {t('common.save')}
                  </Button>
                  <Button size="small" onClick={() => setEditing(null)}>
                    {t('common.cancel')}
                  </Button>
                </Space>
              </Flex>
            ) : (
              <List.Item.Meta description={[x.author, formatDateTime(x.created_at)].filter(Boolean).join(' · ')} title={<span style={{ whiteSpace: 'pre-wrap', fontWeight: 'normal' }}>{x.body}</span>} />
            )}
          </List.Item>
        )}
      />
      <Flex vertical gap={8} style={{ marginTop: 8 }}>
        <Input.TextArea
          aria-label={n(kind === 'internal' ? 'placeholderInternal' : 'placeholderCustomer')}
          placeholder={n(kind === 'internal' ? 'placeholderInternal' : 'placeholderCustomer')}
          value={text}
          maxLength={2000}
          onChange={(e) => setText(e.target.value)}
        />
        <div>
          <Button type="primary" disabled={text.trim() === ''} loading={add.isPending} onClick={send}>
            {n(kind === 'internal' ? 'add' : 'send')}
          </Button>
        </div>
      </Flex>
      <ConfirmDialog
        open={deleting !== null}
        danger
        busy={remove.isPending}
        title={n('deleteTitle')}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id!, { onSettled: () => setDeleting(null), onError: showRefusal })}
      >
        {n('deleteText')}
      </ConfirmDialog>
    </Card>
  )
}

function Files({ o }: { o: StaffOrder }) {
  const { t } = useTranslation()
  const f = (k: string, opts?: Record<string, unknown>) => t(`orders.files.${k}`, opts ?? {})
  const upload = useUploadOrderAttachment(o.id!)
  const remove = useDeleteOrderAttachment(o.id!)
  const [deleting, setDeleting] = useState<OrderAttachment | null>(null)
  const download = (a: OrderAttachment) => downloadOrderAttachment(o.id!, a).catch(() => toast({ type: 'danger', message: t('errors.server') }))
  return (
    <Card
      title={f('title')}
      size="small"
      extra={
        <Upload
          showUploadList={false}
          accept=".pdf,.jpg,.jpeg,.png,.webp,.xlsx,.docx,.txt,.csv"
          beforeUpload={(file) => {
            upload.mutate(file, { onError: showRefusal })
            return false
          }}
        >
          <Button icon={<UploadOutlined />} loading={upload.isPending}>
            {f('upload')}
          </Button>
        </Upload>
      }
    >
      <Typography.Text type="secondary">{f('hint')}</Typography.Text>
      <List<OrderAttachment>
        size="small"
        dataSource={o.attachments ?? []}
        locale={{ emptyText: f('none') }}
        renderItem={(a) => (
          <List.Item
            actions={[
              <Button key="download" size="small" icon={<DownloadOutlined />} aria-label={f('download')} onClick={() => void download(a)} />,
              <Button key="delete" size="small" danger icon={<DeleteOutlined />} aria-label={t('common.delete')} onClick={() => setDeleting(a)} />,
            ]}
          >
            <List.Item.Meta title={a.file_name} description={`${formatDateTime(a.created_at)} · ${Math.ceil(a.size / 1024)} KB`} />
          </List.Item>
        )}
      />
      <ConfirmDialog
        open={deleting !== null}
        danger
        busy={remove.isPending}
        title={f('deleteTitle')}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id!, { onSettled: () => setDeleting(null), onError: showRefusal })}
      >
        {f('deleteText', { name: deleting?.file_name ?? '' })}
      </ConfirmDialog>
    </Card>
  )
}
