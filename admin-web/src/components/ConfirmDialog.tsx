// ConfirmDialog asks a yes/no question (Da/Ne) before an action that cannot be taken back.
// antd's Modal loads when a question is first asked, not with the screens that may ask one; it
// stays mounted afterwards for its closing animation.
import { lazy, Suspense, useState, type ReactNode } from 'react'

export interface ConfirmDialogProps {
  open: boolean
  title: ReactNode
  children?: ReactNode
  /** busy shows the yes button loading (the action is on the way) */
  busy?: boolean
  danger?: boolean
  onConfirm: () => void
  onCancel: () => void
}

const ConfirmModal = lazy(async () => ({ default: (await import('./ConfirmModal')).ConfirmModal }))

export function ConfirmDialog(props: ConfirmDialogProps) {
  const [asked, setAsked] = useState(props.open)
  if (props.open && !asked) setAsked(true)
  if (!asked) return null
  return (
    <Suspense fallback={null}>
      <ConfirmModal {...props} />
    </Suspense>
  )
}
