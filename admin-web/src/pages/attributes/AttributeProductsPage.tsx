// "Dodavanje atributa" (/proizvodi/atributi/:productsCategoryAttributeId/dodaj, view-product-attribute):
// one attribute and the products whose main category has it, each with its value of it. Staff
// tick products (narrowed by category, by "without a value" and the search) and give them one
// value: an existing one picked from the list, or a new text, which the server adds to the
// attribute. The path's id is the attribute's: an attribute shared by several categories is
// filled in for all of them from one screen, the category choice narrowing the list.
import { ArrowLeftOutlined, PlusOutlined } from '@ant-design/icons'
import { AutoComplete, Button, Checkbox, Form, Select, Typography, type TableProps } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { ApiError } from '../../api/client'
import { ListPage } from '../../components/ListPage'
import { NotFound } from '../../components/NotFound'
import { useGoBack } from '../../components/useGoBack'
import { useListParams, useUrlFilters } from '../../components/useListParams'
import { applyServerErrors } from '../../forms/serverErrors'
import { useAttributeValues } from '../../hooks/api/attributeAdmin'
import { type AttributeProduct, useAddAttribute, useAttributeCategories, useAttributeProducts } from '../../hooks/api/attributeProducts'
import { href, screens } from '../../screens'
import { attributeValueRules } from './attributeRules'

const FILTERS = ['kategorija', 'bez_vrednosti'] as const

/** valueBody: the picked text as the server's body, an existing value by its id (case as typed
 *  does not matter to a person: 'crna' is the value 'Crna'), any other text as a new value. */
export function valueBody(text: string, values: { id: number; value: string }[]): { attribute_value_id: number } | { value: string } {
  const want = text.trim()
  const found = values.find((v) => v.value.toLocaleLowerCase('sr') === want.toLocaleLowerCase('sr'))
  return found ? { attribute_value_id: found.id } : { value: want }
}

export function AttributeProductsPage() {
  const { t } = useTranslation()
  const l = (k: string, o?: Record<string, unknown>) => t(`catalogAdmin.attributeProducts.${k}`, o ?? {})
  const { productsCategoryAttributeId } = useParams()
  const id = Number(productsCategoryAttributeId)
  const valid = Number.isInteger(id) && id > 0
  const goBack = useGoBack()
  const [params] = useListParams()
  const filters = useUrlFilters(FILTERS)
  const categoryId = Number(filters.q.get('kategorija')) || undefined
  const withoutValue = filters.q.get('bez_vrednosti') === '1'
  const attribute = useAttributeCategories(valid ? id : 0)
  const list = useAttributeProducts(valid ? id : 0, {
    page: params.page,
    paginate: params.paginate,
    search: params.search || undefined,
    category_id: categoryId,
    without_value: withoutValue,
  })
  const values = useAttributeValues(valid ? id : undefined)
  const add = useAddAttribute(id)
  const [form] = Form.useForm<{ value: string }>()
  const [selected, setSelected] = useState<number[]>([])
  // the selection's message (none chosen, or the server's product_ids refusal)
  const [selectError, setSelectError] = useState<string>()

  if (!valid || (attribute.error instanceof ApiError && attribute.error.status === 404)) return <NotFound />

  const name = attribute.data?.name
  const categories = attribute.data?.categories ?? []

  const submit = async ({ value }: { value: string }) => {
    if (selected.length === 0) {
      setSelectError(t('mass.selectFirst'))
      return
    }
    setSelectError(undefined)
    try {
      await add.mutateAsync({ product_ids: selected, ...valueBody(value, values.data ?? []) })
      setSelected([])
      form.resetFields()
    } catch (err) {
      const fields = applyServerErrors(form, err)
      // an existing value refused is the same field to the person who picked it
      const byId = fields.find((f) => f.name === 'attribute_value_id')
      if (byId) form.setFields([{ name: 'value', errors: byId.errors }])
      setSelectError(fields.find((f) => f.name === 'product_ids')?.errors[0])
    }
  }

  const columns: TableProps<AttributeProduct>['columns'] = [
    { key: 'sku', dataIndex: 'sku', title: l('sku'), width: 140 },
    {
      key: 'name',
      title: l('product'),
      render: (_, p) => <Link to={href(screens.productAttributes, { productId: p.id })}>{p.name}</Link>,
    },
    { key: 'category', title: l('category'), width: 200, render: (_, p) => p.category.name },
    {
      key: 'value',
      title: l('value'),
      width: 220,
      render: (_, p) => (p.value ? p.value.value : <Typography.Text type="secondary">{l('noValue')}</Typography.Text>),
    },
  ]

  const options = (values.data ?? []).map((v) => ({ value: v.value, label: v.value }))
  return (
    <ListPage<AttributeProduct>
      title={name ? l('title', { name }) : l('titlePlain')}
      extra={
        <Button icon={<ArrowLeftOutlined />} onClick={goBack}>
          {t('filters.back')}
        </Button>
      }
      toolbar={
        <>
          <Select<number | undefined>
            aria-label={l('category')}
            style={{ minWidth: 200 }}
            value={categoryId}
            placeholder={l('allCategories')}
            allowClear
            options={categories.map((c) => ({ value: c.id, label: c.name }))}
            onChange={(v) => filters.set('kategorija', v)}
          />
          <Checkbox checked={withoutValue} onChange={(e) => filters.set('bez_vrednosti', e.target.checked ? '1' : undefined)}>
            {l('withoutValue')}
          </Checkbox>
        </>
      }
      chips={
        <>
          {attribute.data && categories.length === 0 && <Typography.Text type="warning">{l('noCategories')}</Typography.Text>}
          <Form form={form} layout="inline" onFinish={submit} aria-label={l('titlePlain')} style={{ rowGap: 8 }}>
            <Form.Item name="value" label={l('value')} rules={attributeValueRules(t)} style={{ minWidth: 280, flex: '1 1 280px', maxWidth: 420 }}>
              <AutoComplete options={options} placeholder={l('valuePlaceholder')} filterOption={(input, o) => String(o?.value ?? '').toLowerCase().includes(input.toLowerCase())} />
            </Form.Item>
            <Form.Item validateStatus={selectError ? 'error' : undefined} help={selectError}>
              <Button type="primary" htmlType="submit" icon={<PlusOutlined />} loading={add.isPending}>
                {l('addTo', { count: selected.length })}
              </Button>
            </Form.Item>
          </Form>
        </>
      }
      rowKey="id"
      columns={columns}
      rows={list.data?.data}
      meta={list.data?.meta}
      loading={list.isFetching}
      rowSelection={{ selectedRowKeys: selected, onChange: (keys) => {
          setSelected(keys.map(Number))
          setSelectError(undefined)
        }, preserveSelectedRowKeys: true }}
      emptyText={l('empty')}
    />
  )
}
