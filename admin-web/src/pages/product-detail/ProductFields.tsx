// The product's Data fields (create and edit): sku on create, name, entry price, description,
// categories, brand, manufacturer, flags, country of origin, EAN, stock; on edit the computed
// prices (web, retail, dealer) read-only, and how they came about (PriceExplain).
import { Col, Descriptions, Form, Input, InputNumber, Row, Switch, TreeSelect } from 'antd'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import type { ProductDetail } from '../../api/catalogTypes'
import type { Brand, Manufacturer } from '../../api/catalogTypes'
import { SearchableSelect } from '../../components/SearchableSelect'
import { brandSearch, useBrandsLookup } from '../../hooks/api/brands'
import { useCategoryTree } from '../../hooks/api/categoryAdmin'
import { manufacturerSearch, useManufacturersLookup } from '../../hooks/api/manufacturers'
import { treeSelectData } from '../categories/categoryTree'
import { rsd } from './display'
import { PriceExplain } from './PriceExplain'
import { productRules } from './productRules'
import { RichTextEditor } from './RichTextEditor'

const brandOption = (b: Brand) => ({ value: b.id, label: b.name })
const manufacturerOption = (m: Manufacturer) => ({ value: m.id, label: m.value })

/** the form keeps "none" as null; the picker speaks undefined */
function NullablePicker<T>({ value, onChange, ...rest }: { value?: number | null; onChange?: (v: number | null) => void } & Omit<Parameters<typeof SearchableSelect<T>>[0], 'value' | 'onChange' | 'mode'>) {
  return <SearchableSelect<T> {...rest} value={value ?? undefined} onChange={(v) => onChange?.(v ?? null)} />
}

export function ProductFields({ creating, product }: { creating: boolean; product?: ProductDetail }) {
  const { t } = useTranslation()
  const rules = productRules(t, creating)
  const tree = useCategoryTree()
  const brands = useBrandsLookup()
  const manufacturers = useManufacturersLookup()
  const treeData = useMemo(() => treeSelectData(tree.data ?? []), [tree.data])
  const l = (k: string) => t(`catalogAdmin.product.${k}`)

  return (
    <>
      <Row gutter={16}>
        {creating && (
          <Col xs={24} md={8}>
            <Form.Item name="sku" label={l('sku')} rules={rules.sku}>
              <Input name="sku" maxLength={15} showCount autoComplete="off" />
            </Form.Item>
          </Col>
        )}
        <Col xs={24} md={creating ? 16 : 24}>
          <Form.Item name="name" label={l('name')} rules={rules.name}>
            <Input name="name" autoComplete="off" />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item name="entry_price" label={l('entryPrice')} rules={rules.entry_price}>
            <InputNumber<number>
              name="entry_price"
              min={0}
              precision={2}
              decimalSeparator=","
              addonAfter="RSD"
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="stock" label={l('stock')} rules={rules.stock}>
            <InputNumber<number> name="stock" min={0} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="ean" label={l('ean')} rules={rules.ean}>
            <Input name="ean" autoComplete="off" />
          </Form.Item>
        </Col>
      </Row>
      {!creating && product && (
        <Descriptions
          size="small"
          column={{ xs: 1, md: 3 }}
          style={{ marginBottom: 16 }}
          items={[
            { key: 'web', label: l('webPrice'), children: rsd(product.web_price) || '—' },
            { key: 'retail', label: l('retailPrice'), children: rsd(product.retail_price) || '—' },
            { key: 'dealer', label: l('dealerPrice'), children: rsd(product.dealer_price) || '—' },
          ]}
        />
      )}
      {!creating && product && <PriceExplain productId={product.id} />}
      <Form.Item name="categories" label={l('categories')} rules={rules.categories}>
        <TreeSelect
          multiple
          showSearch
          treeNodeFilterProp="title"
          treeData={treeData}
          loading={tree.isPending}
          allowClear
          placeholder={l('categoriesHint')}
          notFoundContent={t('catalogAdmin.common.noResult')}
          treeDefaultExpandAll={false}
          aria-label={l('categories')}
        />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="brand_id" label={l('brand')}>
            <NullablePicker<Brand> source={brandSearch} toOption={brandOption} known={brands.data} notFound={t('catalogAdmin.common.noResult')} aria-label={l('brand')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="manufacturer_id" label={l('manufacturer')}>
            <NullablePicker<Manufacturer>
              source={manufacturerSearch}
              toOption={manufacturerOption}
              known={manufacturers.data}
              notFound={t('catalogAdmin.common.noResult')}
              aria-label={l('manufacturer')}
            />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="country_of_origin" label={l('countryOfOrigin')} rules={rules.country_of_origin}>
            <Input name="country_of_origin" autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="active" label={l('active')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="visible" label={l('visible')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="description" label={l('description')} rules={rules.description} validateTrigger={['onChange', 'onBlur']}>
        <RichTextEditor aria-label={l('description')} />
      </Form.Item>
    </>
  )
}
