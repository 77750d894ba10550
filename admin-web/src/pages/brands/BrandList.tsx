// Brands (view-brand): the paged, searchable list; add (POST admin/brands {name}) and rename in a
// dialog that keeps a 422 on its field; delete after a Da/Ne confirmation.
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons'
import { Button, Space, type TableProps } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { BrandRow } from '../../api/catalogTypes'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { ListPage } from '../../components/ListPage'
import { useListParams } from '../../components/useListParams'
import { useBrandList, useCreateBrand, useDeleteBrand, useUpdateBrand } from '../../hooks/api/brandAdmin'
import { attributeNameRules } from '../attributes/attributeRules'
import { NameDialog } from '../attributes/NameDialog'

export function BrandList() {
  const { t } = useTranslation()
  const [params] = useListParams()
  const list = useBrandList({ page: params.page, paginate: params.paginate, search: params.search || undefined })
  const create = useCreateBrand()
  const update = useUpdateBrand()
  const remove = useDeleteBrand()
  const [adding, setAdding] = useState(false)
  const [editing, setEditing] = useState<BrandRow | null>(null)
  const [deleting, setDeleting] = useState<BrandRow | null>(null)
  const l = (k: string, o?: Record<string, unknown>) => t(`catalogAdmin.brand.${k}`, o ?? {})

  const columns: TableProps<BrandRow>['columns'] = [
    { key: 'id', dataIndex: 'id', title: 'ID', width: 80 },
    { key: 'name', dataIndex: 'name', title: l('name') },
    {
      key: 'actions',
      title: t('common.actions'),
      width: 120,
      render: (_, b) => (
        <Space>
          <Button size="small" icon={<EditOutlined />} aria-label={t('common.edit')} title={t('common.edit')} onClick={() => setEditing(b)} />
          <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('catalogAdmin.common.delete')} title={t('catalogAdmin.common.delete')} onClick={() => setDeleting(b)} />
        </Space>
      ),
    },
  ]

  return (
    <>
      <ListPage<BrandRow>
        title={l('title')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
            {l('add')}
          </Button>
        }
        rowKey="id"
        columns={columns}
        rows={list.data?.data}
        meta={list.data?.meta}
        loading={list.isFetching}
      />
      {adding && (
        <NameDialog
          title={l('addTitle')}
          label={l('name')}
          rules={attributeNameRules(t)}
          busy={create.isPending}
          onSubmit={(name) => create.mutateAsync({ name })}
          onClose={() => setAdding(false)}
        />
      )}
      {editing && (
        <NameDialog
          title={l('editTitle')}
          label={l('name')}
          initial={editing.name}
          rules={attributeNameRules(t)}
          busy={update.isPending}
          onSubmit={(name) => update.mutateAsync({ id: editing.id, name })}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        danger
        busy={remove.isPending}
        title={l('deleteTitle')}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSettled: () => setDeleting(null) })}
      >
        {l('deleteText', { name: deleting?.name ?? '' })}
      </ConfirmDialog>
    </>
  )
}
