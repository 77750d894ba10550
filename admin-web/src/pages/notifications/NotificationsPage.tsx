// The notifications page (screen `notifications`): every notification of the logged-in user,
// newest first, with its read state; mark one or all read, delete one or all (with a yes/no
// confirmation), in the shared list layout.
import { CheckOutlined, CloseCircleFilled, DeleteOutlined, InfoCircleFilled } from '@ant-design/icons'
import { Button, Flex, Tag, Tooltip, Typography, theme, type TableProps } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { ListPage } from '../../components/ListPage'
import { useListParams } from '../../components/useListParams'
import { formatDateTime } from '../../format'
import {
  useDeleteAllNotifications,
  useDeleteNotification,
  useMarkNotificationRead,
  useNotifications,
  useReadAllNotifications,
  type Notification,
} from '../../hooks/api/notifications'
import { useMe } from '../../hooks/api/session'
import { notificationView } from './notificationText'

/** the back office's list page sizes (spec 9) */
export const NOTIFICATION_PAGE_SIZES = [20, 50, 100]

export function NotificationsPage() {
  const me = useMe()
  // the layout shows screens only with a known user
  return me.data?.id ? <NotificationList userId={me.data.id} /> : null
}

function NotificationList({ userId }: { userId: number }) {
  const { t } = useTranslation()
  const { token } = theme.useToken()
  const [params] = useListParams(NOTIFICATION_PAGE_SIZES)
  const list = useNotifications(userId, { page: params.page, paginate: params.paginate })
  const markRead = useMarkNotificationRead(userId)
  const readAll = useReadAllNotifications(userId)
  const remove = useDeleteNotification(userId)
  const removeAll = useDeleteAllNotifications(userId)
  const [confirm, setConfirm] = useState<{ kind: 'one'; id: number } | { kind: 'all' } | null>(null)
  const rows = list.data?.data
  const empty = (list.data?.meta?.total ?? 0) === 0

  const columns: TableProps<Notification>['columns'] = [
    {
      key: 'status',
      title: t('notifications.status'),
      width: 140,
      render: (_, n) => (n.read ? <Tag>{t('notifications.read')}</Tag> : <Tag color="blue">{t('notifications.unread')}</Tag>),
    },
    {
      key: 'text',
      title: t('notifications.text'),
      render: (_, n) => {
        const view = notificationView(n, t)
        const error = view.kind === 'error'
        return (
          <Flex gap={8} align="flex-start" data-kind={view.kind}>
            {error ? <CloseCircleFilled style={{ color: token.colorError, marginTop: 4 }} /> : <InfoCircleFilled style={{ color: token.colorPrimary, marginTop: 4 }} />}
            {view.link ? (
              <Link to={view.link} style={{ fontWeight: n.read ? undefined : 600 }}>
                {view.text}
              </Link>
            ) : (
              <Typography.Text type={error ? 'danger' : undefined} strong={!n.read}>
                {view.text}
              </Typography.Text>
            )}
          </Flex>
        )
      },
    },
    { key: 'created_at', title: t('notifications.createdAt'), width: 170, render: (_, n) => formatDateTime(n.created_at) },
    {
      key: 'actions',
      title: t('common.actions'),
      width: 110,
      render: (_, n) => (
        <Flex gap={4}>
          {!n.read && (
            <Tooltip title={t('notifications.markRead')}>
              <Button
                size="small"
                type="text"
                icon={<CheckOutlined />}
                aria-label={t('notifications.markRead')}
                loading={markRead.isPending && markRead.variables === n.id}
                onClick={() => markRead.mutate(n.id)}
              />
            </Tooltip>
          )}
          <Tooltip title={t('common.delete')}>
            <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={t('common.delete')} onClick={() => setConfirm({ kind: 'one', id: n.id })} />
          </Tooltip>
        </Flex>
      ),
    },
  ]

  const confirming = confirm?.kind === 'one' ? remove : removeAll
  return (
    <>
      <ListPage<Notification>
        title={t('notifications.title')}
        extra={
          <Flex gap={8} wrap>
            <Button icon={<CheckOutlined />} disabled={empty} loading={readAll.isPending} onClick={() => readAll.mutate()}>
              {t('notifications.markAllRead')}
            </Button>
            <Button danger icon={<DeleteOutlined />} disabled={empty} onClick={() => setConfirm({ kind: 'all' })}>
              {t('notifications.removeAll')}
            </Button>
          </Flex>
        }
        searchable={false}
        rowKey="id"
        columns={columns}
        rows={rows}
        meta={list.data?.meta}
        loading={list.isFetching}
        pageSizes={NOTIFICATION_PAGE_SIZES}
      />
      <ConfirmDialog
        open={confirm !== null}
        danger
        title={confirm?.kind === 'all' ? t('notifications.removeAllTitle') : t('notifications.removeTitle')}
        busy={confirming.isPending}
        onCancel={() => setConfirm(null)}
        onConfirm={() => {
          if (!confirm) return
          const done = { onSettled: () => setConfirm(null) }
          if (confirm.kind === 'one') remove.mutate(confirm.id, done)
          else removeAll.mutate(undefined, done)
        }}
      >
        {confirm?.kind === 'all' ? t('notifications.removeAllText') : null}
      </ConfirmDialog>
    </>
  )
}
