// The modal of ConfirmDialog (loaded when a question is first asked).
import { Modal } from 'antd'
import type { ConfirmDialogProps } from './ConfirmDialog'
import { useTranslation } from 'react-i18next'

export function ConfirmModal({ open, title, children, busy, danger, onConfirm, onCancel }: ConfirmDialogProps) {
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
