// Messages from the storefront's contact form (view-contact-message): the shared list with
// its search (name, e-mail or message), newest first; the single view shows the whole
// message with a mailto reply; delete-contact-message removes one after a confirmation.
import { DeleteOutlined } from '@ant-design/icons'
import { Perm } from '@shop/shared'
import { Button, Card, Descriptions, Space, Typography, type TableProps } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useParams } from 'react-router'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { ListPage } from '../../components/ListPage'
import { useListParams } from '../../components/useListParams'
import { usePageTitle } from '../../components/usePageTitle'
import { formatDateTime } from '../../format'
import { type ContactMessage, useContactMessage, useContactMessages, useDeleteContactMessage } from '../../hooks/api/contactMessages'
import { useCan } from '../content/util'

/** the list shows the message's start; the single view the whole text */
const PREVIEW = 120

function preview(s: string | undefined): string {
  const text = (s ?? '').replace(/\s+/g, ' ')
  return text.length > PREVIEW ? `${text.slice(0, PREVIEW)}…` : text
}

export function ContactMessagesPage() {
  const { t } = useTranslation()
  const l = (k: string, o?: Record<string, unknown>) => t(`voice.contact.${k}`, o ?? {})
  const can = useCan()
  const [params] = useListParams()
  const list = useContactMessages({ page: params.page, paginate: params.paginate, search: params.search })
  const [deleting, setDeleting] = useState<ContactMessage | null>(null)
  const remove = useDeleteContactMessage()

  const columns: TableProps<ContactMessage>['columns'] = [
    { key: 'id', title: 'ID', width: 70, render: (_, m) => <Link to={`/poruke/${m.id}`}>{m.id}</Link> },
    { key: 'name', title: l('name'), render: (_, m) => m.name },
    { key: 'email', title: l('email'), render: (_, m) => <a href={`mailto:${m.email}`}>{m.email}</a> },
    { key: 'message', title: l('message'), render: (_, m) => <Link to={`/poruke/${m.id}`}>{preview(m.message)}</Link> },
    { key: 'created', title: l('createdAt'), width: 170, render: (_, m) => formatDateTime(m.created_at) },
    ...(can(Perm.DeleteContactMessage)
      ? [
          {
            key: 'actions',
            title: t('common.actions'),
            width: 80,
            render: (_: unknown, m: ContactMessage) => (
              <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('common.delete')} title={t('common.delete')} onClick={() => setDeleting(m)} />
            ),
          },
        ]
      : []),
  ]

  return (
    <>
      <ListPage<ContactMessage>
        title={l('title')}
        rowKey="id"
        columns={columns}
        rows={list.data?.data}
        meta={list.data?.meta}
        loading={list.isFetching}
      />
      <ConfirmDialog
        open={deleting !== null}
        danger
        busy={remove.isPending}
        title={l('deleteTitle')}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id!, { onSettled: () => setDeleting(null) })}
      >
        {l('deleteText', { name: deleting?.name ?? '' })}
      </ConfirmDialog>
    </>
  )
}

export function ContactMessageDetail() {
  const { t } = useTranslation()
  const l = (k: string, o?: Record<string, unknown>) => t(`voice.contact.${k}`, o ?? {})
  const can = useCan()
  const id = Number(useParams().messageId)
  const q = useContactMessage(id)
  const navigate = useNavigate()
  const remove = useDeleteContactMessage()
  const [deleting, setDeleting] = useState(false)
  usePageTitle(l('single', { id }))
  const m = q.data
  return (
    <Card title={l('single', { id })} loading={q.isLoading}>
      {m && (
        <>
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label={l('name')}>{m.name}</Descriptions.Item>
            <Descriptions.Item label={l('email')}>
              <a href={`mailto:${m.email}`}>{m.email}</a>
            </Descriptions.Item>
            <Descriptions.Item label={l('customer')}>{m.user ? `${m.user.name} <${m.user.email}>` : l('guest')}</Descriptions.Item>
            <Descriptions.Item label={l('message')}>
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{m.message}</Typography.Paragraph>
            </Descriptions.Item>
            <Descriptions.Item label={l('createdAt')}>{formatDateTime(m.created_at)}</Descriptions.Item>
          </Descriptions>
          <Space style={{ marginTop: 16 }}>
            <Button type="primary" href={`mailto:${m.email}`}>
              {l('reply')}
            </Button>
            {can(Perm.DeleteContactMessage) && (
              <Button danger onClick={() => setDeleting(true)}>
                {t('common.delete')}
              </Button>
            )}
          </Space>
          <ConfirmDialog
            open={deleting}
            danger
            busy={remove.isPending}
            title={l('deleteTitle')}
            onCancel={() => setDeleting(false)}
            onConfirm={() => remove.mutate(id, { onSuccess: () => navigate('/poruke'), onSettled: () => setDeleting(false) })}
          >
            {l('deleteText', { name: m.name })}
          </ConfirmDialog>
        </>
      )}
    </Card>
  )
}
