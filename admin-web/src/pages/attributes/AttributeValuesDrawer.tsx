// An attribute's values (GET admin/attributes/{id}/values) in a side panel: add a value, rename
// one, move it up or down (position) and switch it on or off.
import { ArrowDownOutlined, ArrowUpOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons'
import { Button, Drawer, Flex, Form, Input, Space, Switch, Table, type TableProps } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Attribute, AttributeValue } from '../../api/catalogTypes'
import { applyServerErrors } from '../../forms/serverErrors'
import { useAttributeValues, useCreateAttributeValue, useUpdateAttributeValue } from '../../hooks/api/attributeAdmin'
import { attributeValueRules } from './attributeRules'
import { NameDialog } from './NameDialog'

/** sortValues: by position, then by id (the order they were added) */
export function sortValues(values: AttributeValue[]): AttributeValue[] {
  return [...values].sort((a, b) => a.position - b.position || a.id - b.id)
}

/**
 * moveValue: the position changes that move the value at `index` one step (up: -1, down: +1).
 * Two neighbours with different positions swap them (two calls); when they share a position
 * the list is renumbered 1..n first, so the move still shows.
 */
export function moveValue(values: AttributeValue[], index: number, step: -1 | 1): { valueId: number; position: number }[] {
  const list = sortValues(values)
  const other = index + step
  if (index < 0 || other < 0 || other >= list.length) return []
  const a = list[index]
  const b = list[other]
  if (a.position !== b.position) {
    return [
      { valueId: a.id, position: b.position },
      { valueId: b.id, position: a.position },
    ]
  }
  const order = list.map((v) => v.id)
  ;[order[index], order[other]] = [order[other], order[index]]
  return order
    .map((valueId, i) => ({ valueId, position: i + 1 }))
    .filter(({ valueId, position }) => list.find((v) => v.id === valueId)?.position !== position)
}

export function AttributeValuesDrawer({ attribute, onClose }: { attribute: Attribute; onClose: () => void }) {
  const { t } = useTranslation()
  const values = useAttributeValues(attribute.id)
  const create = useCreateAttributeValue(attribute.id)
  const update = useUpdateAttributeValue(attribute.id)
  const [form] = Form.useForm<{ value: string }>()
  const [editing, setEditing] = useState<AttributeValue | null>(null)
  const rows = sortValues(values.data ?? [])
  const l = (k: string) => t(`catalogAdmin.attribute.${k}`)

  const move = async (index: number, step: -1 | 1) => {
    // one change per value that moves; the list reloads after the last
    for (const c of moveValue(rows, index, step)) await update.mutateAsync(c)
  }

  const columns: TableProps<AttributeValue>['columns'] = [
    { key: 'value', dataIndex: 'value', title: l('value') },
    {
      key: 'position',
      title: l('position'),
      width: 130,
      render: (_, v, i) => (
        <Space>
          <span style={{ minWidth: 24, display: 'inline-block' }}>{v.position}</span>
          <Button size="small" icon={<ArrowUpOutlined />} aria-label={l('moveUp')} disabled={i === 0 || update.isPending} onClick={() => void move(i, -1)} />
          <Button size="small" icon={<ArrowDownOutlined />} aria-label={l('moveDown')} disabled={i === rows.length - 1 || update.isPending} onClick={() => void move(i, 1)} />
        </Space>
      ),
    },
    {
      key: 'active',
      title: t('catalogAdmin.common.active'),
      width: 90,
      render: (_, v) => <Switch size="small" checked={v.active !== false} onChange={(active) => update.mutate({ valueId: v.id, active })} />,
    },
    {
      key: 'edit',
      width: 60,
      render: (_, v) => <Button size="small" icon={<EditOutlined />} aria-label={t('common.edit')} onClick={() => setEditing(v)} />,
    },
  ]

  const add = async ({ value }: { value: string }) => {
    try {
      await create.mutateAsync({ value: value.trim() })
      form.resetFields()
    } catch (err) {
      applyServerErrors(form, err)
    }
  }

  return (
    <Drawer open width={640} title={t('catalogAdmin.attribute.valuesOf', { name: attribute.name })} onClose={onClose} destroyOnHidden>
      <Flex vertical gap={16}>
        <Form form={form} layout="inline" onFinish={add}>
          <Form.Item name="value" rules={attributeValueRules(t)} style={{ flex: 1 }}>
            <Input name="value" placeholder={l('newValue')} aria-label={l('newValue')} autoComplete="off" />
          </Form.Item>
          <Button htmlType="submit" type="primary" icon={<PlusOutlined />} loading={create.isPending}>
            {t('catalogAdmin.common.add')}
          </Button>
        </Form>
        <Table<AttributeValue>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={rows}
          loading={values.isPending}
          pagination={false}
          locale={{ emptyText: t('common.noData') }}
        />
      </Flex>
      {editing && (
        <NameDialog
          title={t('common.edit')}
          label={l('value')}
          field="value"
          initial={editing.value}
          rules={attributeValueRules(t)}
          busy={update.isPending}
          onSubmit={(value) => update.mutateAsync({ valueId: editing.id, value })}
          onClose={() => setEditing(null)}
        />
      )}
    </Drawer>
  )
}
