// The product's attributes (Atributi): for every attribute of its categories the value it has,
// picked from the attribute's existing values (values-existing) or written as a new value
// (values-new, 1-255 characters).
import { PlusOutlined } from '@ant-design/icons'
import { Button, Form, Input, Modal, Select, Table, type TableProps } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { ProductAttribute } from '../../api/catalogTypes'
import { applyServerErrors } from '../../forms/serverErrors'
import { useAttributeValues } from '../../hooks/api/attributeAdmin'
import { useAddAttributeValue, useProductAttributes, useSetAttributeValue } from '../../hooks/api/productDetail'
import { attributeValueRules } from '../attributes/attributeRules'
import { ScrollX } from '../../components/ScrollX'

export const attributeName = (a: ProductAttribute) => a.attribute?.name
export const attributeId = (a: ProductAttribute) => a.attribute?.id ?? a.id

export function ProductAttributesTab({ id }: { id: number }) {
  const { t } = useTranslation()
  const attrs = useProductAttributes(id)
  const [adding, setAdding] = useState<ProductAttribute | null>(null)
  const columns: TableProps<ProductAttribute>['columns'] = [
    { key: 'name', title: t('catalogAdmin.attribute.name'), render: (_, a) => attributeName(a), width: '35%' },
    { key: 'value', title: t('catalogAdmin.attribute.value'), render: (_, a) => <ValueSelect productId={id} attr={a} /> },
    {
      key: 'new',
      title: t('common.actions'),
      width: 160,
      render: (_, a) => (
        <Button size="small" icon={<PlusOutlined />} onClick={() => setAdding(a)}>
          {t('catalogAdmin.attribute.newValue')}
        </Button>
      ),
    },
  ]
  return (
    <>
      {/* wider than a phone: the table scrolls sideways, not the page */}
      <ScrollX>
        <Table<ProductAttribute>
          rowKey={(a) => attributeId(a)}
          columns={columns}
          dataSource={[...(attrs.data ?? [])].sort((a, b) => a.order - b.order)}
          loading={attrs.isPending}
          pagination={false}
          locale={{ emptyText: t('catalogAdmin.product.noAttributes') }}
        />
      </ScrollX>
      {adding && <NewValueDialog productId={id} attr={adding} onClose={() => setAdding(null)} />}
    </>
  )
}

function ValueSelect({ productId, attr }: { productId: number; attr: ProductAttribute }) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const aid = attributeId(attr)
  // the values load when the list is first opened
  const values = useAttributeValues(open ? aid : undefined)
  const set = useSetAttributeValue(productId)
  const current = attr.value ?? undefined
  const options = values.data?.map((v) => ({ value: v.id, label: v.value })) ?? (current ? [{ value: current.id, label: current.value }] : [])
  return (
    <Select
      style={{ width: '100%', maxWidth: 360 }}
      showSearch
      optionFilterProp="label"
      placeholder={t('catalogAdmin.attribute.pickValue')}
      value={current?.id}
      options={options}
      loading={open && values.isPending}
      onOpenChange={(o) => o && setOpen(true)}
      onChange={(valueId: number) => set.mutate({ attributeId: aid, valueId })}
      disabled={set.isPending}
      notFoundContent={t('catalogAdmin.common.noResult')}
      aria-label={attributeName(attr)}
    />
  )
}

function NewValueDialog({ productId, attr, onClose }: { productId: number; attr: ProductAttribute; onClose: () => void }) {
  const { t } = useTranslation()
  const [form] = Form.useForm<{ value: string }>()
  const add = useAddAttributeValue(productId)
  const submit = async ({ value }: { value: string }) => {
    try {
      await add.mutateAsync({ attributeId: attributeId(attr), value: value.trim() })
      onClose()
    } catch (err) {
      applyServerErrors(form, err)
    }
  }
  return (
    <Modal
      open
      title={t('catalogAdmin.attribute.newValueFor', { name: attributeName(attr) })}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={add.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={submit}>
        <Form.Item name="value" label={t('catalogAdmin.attribute.value')} rules={attributeValueRules(t)}>
          <Input name="value" autoFocus autoComplete="off" />
        </Form.Item>
      </Form>
    </Modal>
  )
}
