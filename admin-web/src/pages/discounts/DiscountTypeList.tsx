// Discount types (view-discount-type): the shared list layout with search; add and edit in a
// dialog (name 2-255, percentage-or-price flag, text, color, show in shock sale) that keeps a
// 422 on its fields; delete after a Da/Ne confirmation (one in use is refused by the server,
// its message naming how many discounts use it, as the app's error toast).
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons'
import { Button, Form, Input, Modal, Space, Switch, type TableProps } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ColorTag } from '../../components/ColorTag'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { ListPage } from '../../components/ListPage'
import { useListParams } from '../../components/useListParams'
import { applyServerErrors } from '../../forms/serverErrors'
import {
  useCreateDiscountType,
  useDeleteDiscountType,
  useDiscountTypeList,
  useUpdateDiscountType,
  type DiscountTypeBody,
  type DiscountTypeRow,
} from '../../hooks/api/discounts'
import { discountTypeRules } from './discountRules'

export function DiscountTypeList() {
  const { t } = useTranslation()
  const [params] = useListParams()
  const list = useDiscountTypeList({ page: params.page, paginate: params.paginate, search: params.search || undefined })
  const remove = useDeleteDiscountType()
  const [editing, setEditing] = useState<DiscountTypeRow | 'new' | null>(null)
  const [deleting, setDeleting] = useState<DiscountTypeRow | null>(null)
  const l = (k: string, o?: Record<string, unknown>) => t(`discounts.types.${k}`, o ?? {})

  const columns: TableProps<DiscountTypeRow>['columns'] = [
    { key: 'id', dataIndex: 'id', title: 'ID', width: 80 },
    { key: 'name', dataIndex: 'name', title: l('name') },
    { key: 'kind', title: l('kind'), render: (_, d) => (d.is_percentage ? l('percentage') : l('fixedPrice')) },
    { key: 'text', title: l('text'), render: (_, d) => (d.text ? <ColorTag color={d.color}>{d.text}</ColorTag> : null) },
    { key: 'shock', title: l('showInShockSale'), render: (_, d) => (d.show_in_shock_sale ? t('common.yes') : t('common.no')) },
    {
      key: 'actions',
      title: t('common.actions'),
      width: 120,
      render: (_, d) => (
        <Space>
          <Button size="small" icon={<EditOutlined />} aria-label={t('common.edit')} title={t('common.edit')} onClick={() => setEditing(d)} />
          <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('common.delete')} title={t('common.delete')} onClick={() => setDeleting(d)} />
        </Space>
      ),
    },
  ]

  return (
    <>
      <ListPage<DiscountTypeRow>
        title={l('title')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            {l('add')}
          </Button>
        }
        rowKey="id"
        columns={columns}
        rows={list.data?.data}
        meta={list.data?.meta}
        loading={list.isFetching}
      />
      {editing !== null && <DiscountTypeDialog initial={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
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

/** DiscountTypeDialog adds a type (initial null) or edits one. */
export function DiscountTypeDialog({ initial, onClose }: { initial: DiscountTypeRow | null; onClose: () => void }) {
  const { t } = useTranslation()
  const [form] = Form.useForm<DiscountTypeBody>()
  const create = useCreateDiscountType()
  const update = useUpdateDiscountType()
  const rules = discountTypeRules(t)
  const l = (k: string) => t(`discounts.types.${k}`)
  const submit = async (v: DiscountTypeBody) => {
    const body: DiscountTypeBody = {
      name: (v.name ?? '').trim(),
      is_percentage: !!v.is_percentage,
      text: (v.text ?? '').trim(),
      color: (v.color ?? '').trim(),
      show_in_shock_sale: !!v.show_in_shock_sale,
    }
    try {
      if (initial) await update.mutateAsync({ id: initial.id, body })
      else await create.mutateAsync(body)
      onClose()
    } catch (err) {
      applyServerErrors(form, err)
    }
  }
  return (
    <Modal
      open
      title={initial ? l('editTitle') : l('addTitle')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={create.isPending || update.isPending}
      destroyOnHidden
    >
      <Form<DiscountTypeBody>
        form={form}
        layout="vertical"
        initialValues={initial ?? { name: '', is_percentage: false, text: '', color: '', show_in_shock_sale: false }}
        onFinish={submit}
      >
        <Form.Item name="name" label={l('name')} rules={rules.name}>
          <Input autoFocus autoComplete="off" />
        </Form.Item>
        <Form.Item name="is_percentage" label={l('isPercentage')} valuePropName="checked">
          <Switch aria-label={l('isPercentage')} />
        </Form.Item>
        <Form.Item name="text" label={l('text')} rules={rules.text}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="color" label={l('color')} rules={rules.color}>
          <Input autoComplete="off" placeholder="#e53935" />
        </Form.Item>
        <Form.Item name="show_in_shock_sale" label={l('showInShockSale')} valuePropName="checked">
          <Switch aria-label={l('showInShockSale')} />
        </Form.Item>
      </Form>
    </Modal>
  )
}
