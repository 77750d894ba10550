// ConfirmDialog asks a yes/no question (Da/Ne) before an action that cannot be taken back.
import { Modal } from 'antd'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

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

export function ConfirmDialog({ open, title, children, busy, danger, onConfirm, onCancel }: ConfirmDialogProps) {
  const { t } = useTranslation()
  return (
    <Modal
      open={open}
      title={title}
      okText={t('common.yes')}
      cancelText={t('common.no')}
      okButtonProps={{ danger, loading: busy }}
      onOk={onConfirm}
      onCancel={onCancel}
      destroyOnHidden
    >
      {children}
    </Modal>
  )
}
