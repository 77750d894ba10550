// The notifications bell's panel (NotificationBell.tsx): loaded when the bell is first opened.
import { CheckOutlined, CloseCircleFilled, DeleteOutlined, InfoCircleFilled } from '@ant-design/icons'
import { Button, Divider, Flex, Spin, Tooltip, Typography, theme } from 'antd'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { formatDateTime } from '../format'
import {
  useDeleteNotification,
  useMarkNotificationRead,
  useReadAllNotifications,
  type Notification,
} from '../hooks/api/notifications'
import { notificationView, type NotificationView } from '../pages/notifications/notificationText'
import { href, screens } from '../screens'

interface BellPanelProps {
  userId: number
  notifications: Notification[] | undefined
  loading: boolean
  onClose: () => void
}

export function BellPanel({ userId, notifications, loading, onClose }: BellPanelProps) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const markRead = useMarkNotificationRead(userId)
  const readAll = useReadAllNotifications(userId)
  const remove = useDeleteNotification(userId)
  const list = notifications ?? []

  return (
    <Flex vertical style={{ width: 380, maxWidth: 'calc(100vw - 32px)' }} data-testid="bell-panel">
      <Flex justify="space-between" align="center" gap={8}>
        <Typography.Text strong>{t('notifications.new')}</Typography.Text>
        <Button type="link" size="small" disabled={list.length === 0} loading={readAll.isPending} onClick={() => readAll.mutate()}>
          {t('notifications.markAllRead')}
        </Button>
      </Flex>
      <Divider style={{ margin: '8px 0' }} />
      <div style={{ maxHeight: 400, overflowY: 'auto' }}>
        {loading ? (
          <Flex justify="center" style={{ padding: 16 }}>
            <Spin size="small" />
          </Flex>
        ) : list.length === 0 ? (
          <Typography.Text type="secondary" style={{ display: 'block', padding: '12px 0', textAlign: 'center' }}>
            {t('notifications.empty')}
          </Typography.Text>
        ) : (
          <Flex vertical gap={4} role="list" aria-label={t('notifications.new')}>
            {list.map((n) => (
              <BellItem
                key={n.id}
                notification={n}
                view={notificationView(n, t)}
                busy={(markRead.isPending && markRead.variables === n.id) || (remove.isPending && remove.variables === n.id)}
                onRead={() => markRead.mutate(n.id)}
                onRemove={() => remove.mutate(n.id)}
                onOpen={(link) => {
                  onClose()
                  navigate(link)
                }}
              />
            ))}
          </Flex>
        )}
      </div>
      <Divider style={{ margin: '8px 0' }} />
      <Button
        type="link"
        block
        onClick={() => {
          onClose()
          navigate(href(screens.notifications))
        }}
      >
        {t('notifications.viewAll')}
      </Button>
    </Flex>
  )
}

interface BellItemProps {
  notification: Notification
  view: NotificationView
  busy: boolean
  onRead: () => void
  onRemove: () => void
  /** opens the screen the notification links to (a new order: the order) */
  onOpen: (link: string) => void
}

function BellItem({ notification, view, busy, onRead, onRemove, onOpen }: BellItemProps) {
  const { t } = useTranslation()
  const { token } = theme.useToken()
  const error = view.kind === 'error'
  return (
    <Flex role="listitem" gap={8} align="flex-start" data-testid="bell-item" data-kind={view.kind} style={{ padding: '6px 4px', borderRadius: token.borderRadiusSM }}>
      {error ? <CloseCircleFilled style={{ color: token.colorError, marginTop: 4 }} /> : <InfoCircleFilled style={{ color: token.colorPrimary, marginTop: 4 }} />}
      <Flex vertical style={{ flex: 1, minWidth: 0 }}>
        {view.link ? (
          <Typography.Link href={`/admin${view.link}`} style={{ overflowWrap: 'anywhere' }} onClick={(e) => {
            e.preventDefault()
            onOpen(view.link!)
          }}>
            {view.text}
          </Typography.Link>
        ) : (
          <Typography.Text type={error ? 'danger' : undefined} style={{ overflowWrap: 'anywhere' }}>
            {view.text}
          </Typography.Text>
        )}
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {formatDateTime(notification.created_at)}
        </Typography.Text>
      </Flex>
      <Tooltip title={t('notifications.markRead')}>
        <Button size="small" type="text" icon={<CheckOutlined />} aria-label={t('notifications.markRead')} disabled={busy} onClick={onRead} />
      </Tooltip>
      <Tooltip title={t('notifications.remove')}>
        <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={t('notifications.remove')} disabled={busy} onClick={onRemove} />
      </Tooltip>
    </Flex>
  )
}
