// API clients (spec 2.6, upload-pricelist): the add modal, the table (paged here, 20 a page),
// the URL cell that copies ('Klikni da kopiraš' -> 'Kopirano' for 1.5 s), the status switch,
// a read-only view from the name, the edit modal and a new secret URL.
import { EditOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons'
import { Button, Descriptions, Form, Input, InputNumber, Modal, Space, Switch, Table, Typography, type TableProps } from 'antd'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { toast } from '../../notify'
import { usePageTitle } from '../../components/usePageTitle'
import { applyServerErrors } from '../../forms/serverErrors'
import { ScrollX } from '../../components/ScrollX'
import {
  type ApiClient,
  type CategoryPercentage,
  useApiClientCategories,
  useApiClients,
  useCreateApiClient,
  useRotateApiClient,
  useToggleApiClient,
  useUpdateApiClient,
} from '../../hooks/api/apiClients'

export const API_CLIENTS_PAGE_SIZE = 20
export const COPIED_MS = 1500

/** shown toasts a change's message (spec: the response message is shown). */
const shown = (r: unknown) => toast({ type: 'success', message: (r as { message?: string }).message ?? '' })

export function ApiClientsPage() {
  const { t } = useTranslation()
  const l = (k: string, o?: Record<string, unknown>) => t(`apiClients.${k}`, o ?? {})
  usePageTitle(l('title'))
  const list = useApiClients()
  const toggle = useToggleApiClient()
  const rotate = useRotateApiClient()
  const [adding, setAdding] = useState(false)
  const [viewing, setViewing] = useState<ApiClient | null>(null)
  const [editing, setEditing] = useState<ApiClient | null>(null)
  const [rotating, setRotating] = useState<ApiClient | null>(null)

  const columns: TableProps<ApiClient>['columns'] = [
    {
      key: 'name',
      title: l('client'),
      render: (_, c) => (
        <Typography.Link onClick={() => setViewing(c)}>{c.name}</Typography.Link>
      ),
    },
    { key: 'url', title: l('apiUrl'), render: (_, c) => <CopyUrl url={c.api_url} /> },
    { key: 'label', dataIndex: 'label_text', title: l('labelText') },
    { key: 'status', title: l('status'), render: (_, c) => (c.active ? l('active') : l('inactive')) },
    {
      key: 'switch',
      title: '',
      width: 70,
      render: (_, c) => (
        <Switch
          checked={!!c.active}
          aria-label={`${l('status')} ${c.name}`}
          loading={toggle.isPending && toggle.variables?.id === c.id}
          onChange={() => toggle.mutate(c, { onSuccess: (r) => shown(r) })}
        />
      ),
    },
    {
      key: 'actions',
      title: t('common.actions'),
      width: 110,
      render: (_, c) => (
        <Space>
          <Button size="small" icon={<EditOutlined />} aria-label={t('common.edit')} title={t('common.edit')} onClick={() => setEditing(c)} />
          <Button size="small" icon={<ReloadOutlined />} aria-label={l('rotate')} title={l('rotate')} onClick={() => setRotating(c)} />
        </Space>
      ),
    },
  ]

  return (
    <>
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {l('title')}
        </Typography.Title>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
          {l('add')}
        </Button>
      </Space>
      {/* wider than a phone: the table scrolls sideways, not the page */}
      <ScrollX>
        <Table<ApiClient>
          rowKey="id"
          columns={columns}
          dataSource={list.data ?? []}
          loading={list.isFetching}
          pagination={{ pageSize: API_CLIENTS_PAGE_SIZE, showSizeChanger: false, hideOnSinglePage: true }}
        />
      </ScrollX>
      {adding && <ClientModal onClose={() => setAdding(false)} />}
      {editing && <ClientModal client={editing} onClose={() => setEditing(null)} />}
      <Modal open={viewing !== null} title={viewing?.name} footer={null} onCancel={() => setViewing(null)}>
        {viewing && (
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label="ID">{viewing.id}</Descriptions.Item>
            <Descriptions.Item label={l('name')}>{viewing.name}</Descriptions.Item>
            <Descriptions.Item label={l('status')}>{viewing.active ? l('active') : l('inactive')}</Descriptions.Item>
            <Descriptions.Item label={l('categories')}>
              {(viewing.categoriesAndPercentage ?? []).length === 0
                ? l('noCategories')
                : (viewing.categoriesAndPercentage ?? []).map((c) => (
                    <div key={c.id}>
                      {c.name}: {c.percentage}%
                    </div>
                  ))}
            </Descriptions.Item>
          </Descriptions>
        )}
      </Modal>
      <ConfirmDialog
        open={rotating !== null}
        busy={rotate.isPending}
        title={l('rotateTitle')}
        onCancel={() => setRotating(null)}
        onConfirm={() =>
          rotating &&
          rotate.mutate(rotating.id!, {
            onSuccess: (r) => shown(r),
            onSettled: () => setRotating(null),
          })
        }
      >
        {l('rotateText', { name: rotating?.name ?? '' })}
      </ConfirmDialog>
    </>
  )
}

/** CopyUrl copies the URL on click and says so for 1.5 s. */
export function CopyUrl({ url }: { url: string }) {
  const { t } = useTranslation()
  const [copied, setCopied] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout>>()
  useEffect(() => () => clearTimeout(timer.current), [])
  return (
    <Typography.Link
      title={t('apiClients.copyHint')}
      onClick={() => {
        void navigator.clipboard?.writeText(url)
        setCopied(true)
        clearTimeout(timer.current)
        timer.current = setTimeout(() => setCopied(false), COPIED_MS)
      }}
    >
      {copied ? t('apiClients.copied') : url}
    </Typography.Link>
  )
}

interface FormValues {
  name?: string
  pct?: Record<string, number | null>
}

/** ClientModal adds a client (no client given) or edits one's percentages. */
function ClientModal({ client, onClose }: { client?: ApiClient; onClose: () => void }) {
  const { t } = useTranslation()
  const l = (k: string, o?: Record<string, unknown>) => t(`apiClients.${k}`, o ?? {})
  const categories = useApiClientCategories()
  const create = useCreateApiClient()
  const update = useUpdateApiClient()
  const [form] = Form.useForm<FormValues>()
  const initial: FormValues = {
    pct: Object.fromEntries((client?.categoriesAndPercentage ?? []).map((c) => [String(c.id), c.percentage ?? null])),
  }
  const submit = async (v: FormValues) => {
    const cats: CategoryPercentage[] = (categories.data ?? []).map((c) => ({ id: c.id!, percentage: v.pct?.[String(c.id)] }))
    try {
      const r = client ? await update.mutateAsync({ id: client.id!, categories: cats }) : await create.mutateAsync({ name: v.name ?? '', categories: cats })
      shown(r)
      onClose()
    } catch (err) {
      applyServerErrors(form, err)
    }
  }
  const title = client ? `${client.id} - ${client.name} - ${client.active ? l('active') : l('inactive')}` : l('addTitle')
  return (
    <Modal
      open
      title={title}
      okText={client ? l('editSubmit') : l('addSubmit')}
      confirmLoading={create.isPending || update.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={initial} onFinish={submit}>
        {!client && (
          <Form.Item
            name="name"
            label={l('name')}
            rules={[
              { required: true, whitespace: true, message: l('required') },
              { min: 2, message: l('min2') },
              { max: 255, message: l('max255') },
            ]}
          >
            <Input aria-label={l('name')} />
          </Form.Item>
        )}
        {(categories.data ?? []).map((c) => (
          <Form.Item key={c.id} name={['pct', String(c.id)]} label={l('percentage', { name: c.name })}>
            <InputNumber aria-label={l('percentage', { name: c.name })} placeholder="0" min={0} max={99.99} step={0.5} style={{ width: '100%' }} />
          </Form.Item>
        ))}
      </Form>
    </Modal>
  )
}
