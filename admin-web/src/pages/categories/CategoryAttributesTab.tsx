// A category's attributes (tab Atributi): the attached ones with their values, order and active
// switch (PATCH …/attributes/{attributeId}), detaching with confirmation, attaching existing
// attributes (POST …/attributes) and creating a new attribute with its values (…/attributes-new).
import { DeleteOutlined, LinkOutlined, PlusOutlined } from '@ant-design/icons'
import { Button, Card, Col, Flex, Form, Input, InputNumber, Row, Select, Switch, Table, Tag, type TableProps } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Perm } from '@shop/shared'
import type { CategoryAttribute } from '../../api/catalogTypes'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { PermissionGuard } from '../../components/PermissionGuard'
import { applyServerErrors } from '../../forms/serverErrors'
import { useAllAttributes } from '../../hooks/api/attributeAdmin'
import {
  useAttachAttributes,
  useCategoryAttributes,
  useCreateCategoryAttribute,
  useDetachCategoryAttribute,
  useUpdateCategoryAttribute,
} from '../../hooks/api/categoryAdmin'
import { href, screens } from '../../screens'
import { attributeNameRules } from '../attributes/attributeRules'

/** valuesOfText: the values written one per line, trimmed, without blanks and repeats. */
export function valuesOfText(text: string | undefined): string[] {
  return [...new Set((text ?? '').split('\n').map((v) => v.trim()).filter(Boolean))]
}

export function CategoryAttributesTab({ id, editable }: { id: number; editable: boolean }) {
  const { t } = useTranslation()
  const attrs = useCategoryAttributes(id)
  const all = useAllAttributes()
  const attach = useAttachAttributes(id)
  const createNew = useCreateCategoryAttribute(id)
  const change = useUpdateCategoryAttribute(id)
  const detach = useDetachCategoryAttribute(id)
  const [picked, setPicked] = useState<number[]>([])
  const [detaching, setDetaching] = useState<CategoryAttribute | null>(null)
  const [newForm] = Form.useForm<{ name: string; values?: string }>()
  const l = (k: string) => t(`catalogAdmin.category.${k}`)
  const attached = new Set((attrs.data ?? []).map((a) => a.id))
  const rows = [...(attrs.data ?? [])].sort((a, b) => a.position - b.position)

  const columns: TableProps<CategoryAttribute>['columns'] = [
    { key: 'name', dataIndex: 'name', title: t('catalogAdmin.attribute.name') },
    {
      key: 'values',
      title: l('attrValues'),
      render: (_, a) => (
        <Flex wrap gap={4}>
          {(a.values ?? []).slice(0, 12).map((v) => (
            <Tag key={v.id}>{v.value}</Tag>
          ))}
          {a.values?.length > 12 && <Tag>+{a.values?.length - 12}</Tag>}
        </Flex>
      ),
    },
    {
      key: 'position',
      title: l('attrOrder'),
      width: 110,
      render: (_, a) => (
        <InputNumber<number>
          size="small"
          min={0}
          precision={0}
          defaultValue={a.position}
          disabled={!editable}
          aria-label={`${l('attrOrder')}: ${a.name}`}
          onBlur={(e) => {
            const v = Number(e.target.value)
            if (Number.isInteger(v) && v !== a.position) change.mutate({ attributeId: a.id, position: v })
          }}
        />
      ),
    },
    {
      key: 'active',
      title: l('attrActive'),
      width: 90,
      render: (_, a) => (
        <Switch size="small" checked={a.active !== false} disabled={!editable} onChange={(active) => change.mutate({ attributeId: a.id, active })} />
      ),
    },
    {
      key: 'products',
      title: t('catalogAdmin.attributeProducts.titlePlain'),
      width: 170,
      render: (_, a) => (
        <PermissionGuard permission={Perm.ViewProductAttribute}>
          <Link to={`${href(screens.productAttributesAdd, { productsCategoryAttributeId: a.id })}?kategorija=${id}`}>{t('catalogAdmin.attributeProducts.addLink')}</Link>
        </PermissionGuard>
      ),
    },
    ...(editable
      ? [
          {
            key: 'actions',
            title: t('common.actions'),
            width: 80,
            render: (_: unknown, a: CategoryAttribute) => (
              <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('catalogAdmin.common.remove')} onClick={() => setDetaching(a)} />
            ),
          },
        ]
      : []),
  ]

  const submitNew = async (v: { name: string; values?: string }) => {
    try {
      await createNew.mutateAsync({ name: v.name.trim(), values: valuesOfText(v.values) })
      newForm.resetFields()
    } catch (err) {
      applyServerErrors(newForm, err)
    }
  }

  return (
    <Flex vertical gap={16}>
      {editable && (
        <Row gutter={16}>
          <Col xs={24} lg={12}>
            <Card size="small" title={l('attrAttach')}>
              <Flex gap={8}>
                <Select
                  mode="multiple"
                  style={{ flex: 1 }}
                  value={picked}
                  onChange={setPicked}
                  showSearch
                  optionFilterProp="label"
                  placeholder={l('attrAttachHint')}
                  loading={all.isPending}
                  options={(all.data?.data ?? []).filter((a) => !attached.has(a.id)).map((a) => ({ value: a.id, label: a.name }))}
                  notFoundContent={t('catalogAdmin.common.noResult')}
                  aria-label={l('attrAttach')}
                />
                <Button
                  type="primary"
                  icon={<LinkOutlined />}
                  disabled={picked.length === 0}
                  loading={attach.isPending}
                  onClick={() => attach.mutate(picked, { onSuccess: () => setPicked([]) })}
                >
                  {t('catalogAdmin.common.add')}
                </Button>
              </Flex>
            </Card>
          </Col>
          <Col xs={24} lg={12}>
            <Card size="small" title={l('attrNew')}>
              <Form form={newForm} layout="vertical" onFinish={submitNew}>
                <Form.Item name="name" label={t('catalogAdmin.attribute.name')} rules={attributeNameRules(t)}>
                  <Input name="name" autoComplete="off" />
                </Form.Item>
                <Form.Item name="values" label={l('attrNewValues')}>
                  <Input.TextArea name="values" autoSize={{ minRows: 2, maxRows: 8 }} />
                </Form.Item>
                <Button htmlType="submit" icon={<PlusOutlined />} loading={createNew.isPending}>
                  {t('catalogAdmin.common.add')}
                </Button>
              </Form>
            </Card>
          </Col>
        </Row>
      )}
      <Table<CategoryAttribute>
        rowKey="id"
        columns={columns}
        dataSource={rows}
        loading={attrs.isPending}
        pagination={false}
        locale={{ emptyText: t('common.noData') }}
      />
      <ConfirmDialog
        open={detaching !== null}
        danger
        busy={detach.isPending}
        title={t('catalogAdmin.category.detachTitle', { name: detaching?.name ?? '' })}
        onCancel={() => setDetaching(null)}
        onConfirm={() => detaching && detach.mutate(detaching.id, { onSettled: () => setDetaching(null) })}
      />
    </Flex>
  )
}
