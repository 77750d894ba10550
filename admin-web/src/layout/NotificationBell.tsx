// The top bar's notifications bell (spec 2.3): the unread count, and a dropdown with the newest
// unread notifications, mark as read, mark all as read, remove, view all and an empty-list text
// (BellPanel.tsx, loaded when the bell is first opened, with the Popover around it, so the
// first screen does not carry them).
// It also keeps the realtime channel open, so a new notification chimes and shows here at once.
import { BellOutlined } from '@ant-design/icons'
import { Badge, Button, Spin } from 'antd'
import { lazy, Suspense, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { LazyPopover } from '../components/LazyPopover'
import { useUnreadNotifications } from '../hooks/api/notifications'
import { useNotificationStream } from '../realtime/useNotificationStream'

const BellPanel = lazy(async () => ({ default: (await import('./BellPanel')).BellPanel }))

export function NotificationBell({ userId }: { userId: number }) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const unread = useUnreadNotifications(userId)
  useNotificationStream(userId)
  const count = unread.data?.count ?? 0

  return (
    <LazyPopover
      trigger="click"
      placement="bottomRight"
      open={open}
      onOpenChange={setOpen}
      arrow={false}
      content={
        <Suspense fallback={<Spin size="small" />}>
          <BellPanel userId={userId} notifications={unread.data?.notifications} loading={unread.isPending} onClose={() => setOpen(false)} />
        </Suspense>
      }
    >
      <Badge count={count} overflowCount={99} size="small" data-testid="bell-count">
        <Button type="text" shape="circle" icon={<BellOutlined style={{ fontSize: 18 }} />} aria-label={t('notifications.bellCount', { count })} />
      </Badge>
    </LazyPopover>
  )
}
