// The scope web margins and authenticated discounts share (category, supplier, brand, entry-price
// range; empty: any, open): its form fields, its list columns and the list's category filter.
import { Col, Form, Row, type TableProps } from 'antd'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { useListParams } from '../../components/useListParams'
import { useUrlIds } from '../pricelists/pickers'
import { rsd } from '../product-detail/display'
import { BrandPicker, CategoryTreePicker, MoneyInput, SupplierPicker } from './fields'
import { ruleRules } from './ruleForms'

interface Named {
  name: string
}

/** ScopedRule: a listed rule's scope with the names the server filled */
export interface ScopedRule {
  category_id?: number | null
  category?: Named | null
  supplier?: Named | null
  brand?: Named | null
  price_from?: number | null
  price_to?: number | null
}

/** priceRange: '1.000,00 RSD – 5.000,00 RSD', open ends shown as a dash */
export function priceRange(from?: number | null, to?: number | null): string {
  if (from == null && to == null) return ''
  return `${from == null ? '–' : rsd(from)} – ${to == null ? '∞' : rsd(to)}`
}

/**
 * scopeColumns: category, supplier, brand and price range, "any" where the rule names none. A
 * required category (web margins) shows its id when its name is missing.
 */
export function scopeColumns<T extends ScopedRule>(t: TFunction, categoryRequired: boolean): NonNullable<TableProps<T>['columns']> {
  const c = (k: string) => t(`pricingRules.common.${k}`)
  const any = c('any')
  return [
    { key: 'category', title: c('category'), render: (_, r) => r.category?.name ?? (categoryRequired ? `#${r.category_id}` : any) },
    { key: 'supplier', title: c('supplier'), render: (_, r) => r.supplier?.name ?? any },
    { key: 'brand', title: c('brand'), render: (_, r) => r.brand?.name ?? any },
    { key: 'range', title: `${c('priceFrom')} – ${c('priceTo')}`, render: (_, r) => priceRange(r.price_from, r.price_to) || any },
  ]
}

/** useScopeList: the list's query (page, size, search, the URL's category) and the category picker for its toolbar */
export function useScopeList() {
  const { t } = useTranslation()
  const [params] = useListParams()
  const [ids, setIds] = useUrlIds('category_id')
  const query = { page: params.page, paginate: params.paginate, search: params.search || undefined, category_id: ids.category_id }
  const toolbar = (
    <CategoryTreePicker value={ids.category_id ?? null} onChange={(v) => setIds({ category_id: v ?? undefined })} placeholder={t('pricingRules.common.category')} />
  )
  return { query, toolbar }
}

/** ScopeFields: the scope's form fields; the category is required for web margins, else "any" */
export function ScopeFields({ categoryRequired }: { categoryRequired: boolean }) {
  const { t } = useTranslation()
  const rules = ruleRules(t)
  const c = (k: string) => t(`pricingRules.common.${k}`)
  return (
    <>
      <Form.Item name="category_id" label={c('category')} rules={categoryRequired ? rules.category_id : undefined}>
        <CategoryTreePicker placeholder={categoryRequired ? undefined : c('any')} />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="supplier_id" label={c('supplier')}>
            <SupplierPicker placeholder={c('any')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="brand_id" label={c('brand')}>
            <BrandPicker placeholder={c('any')} />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="price_from" label={c('priceFrom')} rules={rules.price_from} extra={c('priceHint')}>
            <MoneyInput aria-label={c('priceFrom')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="price_to" label={c('priceTo')} rules={rules.price_to} dependencies={['price_from']}>
            <MoneyInput aria-label={c('priceTo')} />
          </Form.Item>
        </Col>
      </Row>
    </>
  )
}
