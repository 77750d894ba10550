// RuleList: the one list screen of the pricing rules (web margins, recommended prices,
// authenticated discounts) in the shared list layout: the add button behind the create
// permission, the rule's own columns, edit and delete per row behind the update permission
// (there is no delete permission), and the delete confirmation naming the rule.
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons'
import type { Permission } from '@shop/shared'
import { Button, Space, type TableProps } from 'antd'
import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import type { Meta } from '../../api/client'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { ListPage } from '../../components/ListPage'
import { PermissionGuard } from '../../components/PermissionGuard'

export interface RuleListProps<T extends { id: number }> {
  title: string
  createPermission: Permission
  updatePermission: Permission
  /** where the add button and a row's edit button lead */
  addPath: string
  editPath: (row: T) => string
  /** the picker beside the search (a category or a manufacturer) */
  toolbar: ReactNode
  /** the rule's own columns; the actions column is added here */
  columns: NonNullable<TableProps<T>['columns']>
  list: { data?: { data?: T[]; meta?: Meta }; isFetching: boolean }
  remove: { isPending: boolean; mutate: (id: number, opts: { onSettled: () => void }) => void }
  /** how the delete confirmation names a rule */
  nameOf: (row: T) => string
}

export function RuleList<T extends { id: number }>(p: RuleListProps<T>) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [deleting, setDeleting] = useState<T | null>(null)
  const c = (k: string, o?: Record<string, unknown>) => t(`pricingRules.common.${k}`, o ?? {})
  const columns: TableProps<T>['columns'] = [
    ...p.columns,
    {
      key: 'actions',
      title: t('common.actions'),
      width: 120,
      render: (_, row) => (
        <PermissionGuard permission={p.updatePermission}>
          <Space>
            <Button size="small" icon={<EditOutlined />} aria-label={t('common.edit')} title={t('common.edit')} onClick={() => navigate(p.editPath(row))} />
            <Button size="small" danger icon={<DeleteOutlined />} aria-label={c('delete')} title={c('delete')} onClick={() => setDeleting(row)} />
          </Space>
        </PermissionGuard>
      ),
    },
  ]
  return (
    <>
      <ListPage<T>
        title={p.title}
        extra={
          <PermissionGuard permission={p.createPermission}>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(p.addPath)}>
              {c('add')}
            </Button>
          </PermissionGuard>
        }
        toolbar={<div style={{ minWidth: 260 }}>{p.toolbar}</div>}
        rowKey="id"
        columns={columns}
        rows={p.list.data?.data}
        meta={p.list.data?.meta}
        loading={p.list.isFetching}
      />
      <ConfirmDialog
        open={deleting !== null}
        danger
        busy={p.remove.isPending}
        title={c('deleteTitle')}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && p.remove.mutate(deleting.id, { onSettled: () => setDeleting(null) })}
      >
        {c('deleteText', { name: deleting ? p.nameOf(deleting) : '' })}
      </ConfirmDialog>
    </>
  )
}
