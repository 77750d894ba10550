// RowActions is a list row's edit and delete pair, one look for every admin list: edit is a
// link to the row's screen (editTo) or a button opening a dialog (onEdit); delete asks first
// (the caller's confirmation dialog).
import { DeleteOutlined, EditOutlined } from '@ant-design/icons'
import { Button, Space } from 'antd'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'

export function RowActions({ editTo, onEdit, onDelete, deleteLabel }: { editTo?: string; onEdit?: () => void; onDelete: () => void; deleteLabel?: string }) {
  const { t } = useTranslation()
  const del = deleteLabel ?? t('common.delete')
  return (
    <Space>
      {editTo !== undefined ? (
        <Link to={editTo} aria-label={t('common.edit')} title={t('common.edit')}>
          <EditOutlined />
        </Link>
      ) : (
        <Button size="small" icon={<EditOutlined />} aria-label={t('common.edit')} title={t('common.edit')} onClick={onEdit} />
      )}
      <Button size="small" danger icon={<DeleteOutlined />} aria-label={del} title={del} onClick={onDelete} />
    </Space>
  )
}
