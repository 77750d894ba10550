// The toasts' antd side, loaded with the first toast (notify.tsx): a notification holder inside
// the app's ConfigProvider, so the toasts follow its theme.
import { notification } from 'antd'
import { useEffect } from 'react'
import { bindToasts, notificationConfig } from './notify'

export default function ToastHost() {
  const [api, holder] = notification.useNotification(notificationConfig)
  useEffect(() => {
    bindToasts(({ type, message }) => (type === 'danger' ? api.error({ message }) : api.success({ message })))
    return () => bindToasts(null)
  }, [api])
  return holder
}
