// Attributes (view-attribute): the paged, searchable list with each attribute's position and
// active switch, add and rename, and its values in a side panel.
import { EditOutlined, PlusOutlined, UnorderedListOutlined } from '@ant-design/icons'
import { Button, Space, Switch, type TableProps } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Perm } from '@shop/shared'
import type { Attribute } from '../../api/catalogTypes'
import { ListPage } from '../../components/ListPage'
import { PermissionGuard } from '../../components/PermissionGuard'
import { useListParams } from '../../components/useListParams'
import { useAttributes, useCreateAttribute, useUpdateAttribute } from '../../hooks/api/attributeAdmin'
import { href, screens } from '../../screens'
import { attributeNameRules } from './attributeRules'
import { AttributeValuesDrawer } from './AttributeValuesDrawer'
import { NameDialog } from './NameDialog'

export function AttributeList() {
  const { t } = useTranslation()
  const [params] = useListParams()
  const list = useAttributes({ page: params.page, paginate: params.paginate, search: params.search || undefined })
  const create = useCreateAttribute()
  const update = useUpdateAttribute()
  const [adding, setAdding] = useState(false)
  const [editing, setEditing] = useState<Attribute | null>(null)
  const [values, setValues] = useState<Attribute | null>(null)
  const l = (k: string) => t(`catalogAdmin.attribute.${k}`)

  const columns: TableProps<Attribute>['columns'] = [
    { key: 'id', dataIndex: 'id', title: 'ID', width: 80 },
    { key: 'name', dataIndex: 'name', title: l('name') },
    { key: 'position', dataIndex: 'position', title: l('position'), width: 100 },
    {
      key: 'active',
      title: t('catalogAdmin.common.active'),
      width: 100,
      render: (_, a) => (
        <Switch size="small" checked={a.active !== false} aria-label={`${t('catalogAdmin.common.active')}: ${a.name}`} onChange={(active) => update.mutate({ id: a.id, active })} />
      ),
    },
    {
      key: 'actions',
      title: t('common.actions'),
      width: 300,
      render: (_, a) => (
        <Space>
          <Button size="small" icon={<UnorderedListOutlined />} onClick={() => setValues(a)}>
            {l('values')}
          </Button>
          <Button size="small" icon={<EditOutlined />} aria-label={t('common.edit')} title={t('common.edit')} onClick={() => setEditing(a)} />
          <PermissionGuard permission={Perm.ViewProductAttribute}>
            <Link to={href(screens.productAttributesAdd, { productsCategoryAttributeId: a.id })}>{t('catalogAdmin.attributeProducts.addLink')}</Link>
          </PermissionGuard>
        </Space>
      ),
    },
  ]

  return (
    <>
      <ListPage<Attribute>
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
      {values && <AttributeValuesDrawer attribute={values} onClose={() => setValues(null)} />}
    </>
  )
}
