// FilterPanel: the lists' 600 px filter slide-in (catalogue spec 2, "Filter panel fields"). It edits
// a draft of the filters; Primeni applies it, Ukloni clears every filter, Nazad closes without
// applying. A list chooses its fields; a page variant offers single-choice category, supplier
// and brand selects instead of the multi-selects.
import { Button, Checkbox, Col, Divider, Drawer, Flex, Form, InputNumber, Radio, Row, Select } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Brand, Category, Manufacturer } from '../../api/catalogTypes'
import { brandSearch, useBrandsLookup } from '../../hooks/api/brands'
import { categorySearch, useCategoriesLookup } from '../../hooks/api/categories'
import { useDiscountTypesLookup } from '../../hooks/api/discountTypes'
import { manufacturerSearch, useManufacturersLookup } from '../../hooks/api/manufacturers'
import { useSuppliersLookup } from '../../hooks/api/suppliers'
import { emptyFilters, type ProductFilters } from '../../lists/productQuery'
import { DayPicker } from '../DayPicker'
import { SearchableSelect } from '../SearchableSelect'
import { ALL_FILTER_FIELDS, type FilterField } from './filterFields'

export const FILTER_PANEL_WIDTH = 600

export { ALL_FILTER_FIELDS, type FilterField } from './filterFields'

export interface FilterPanelProps {
  open: boolean
  /** the applied filters; the panel starts from them each time it opens */
  value: ProductFilters
  onApply: (f: ProductFilters) => void
  onClose: () => void
  fields?: readonly FilterField[]
  /** put the cursor in the category select when the panel opens (the category-required rule) */
  focusCategory?: boolean
}

type PairKey = [keyof ProductFilters, keyof ProductFilters]

const brandOption = (b: Brand) => ({ value: b.id, label: b.name })
const manufacturerOption = (m: Manufacturer) => ({ value: m.id, label: m.value })
const categoryOption = (c: Category) => ({ value: c.id, label: c.name })

export function FilterPanel(props: FilterPanelProps) {
  const { t } = useTranslation()
  return (
    <Drawer open={props.open} onClose={props.onClose} width={FILTER_PANEL_WIDTH} title={t('filters.title')} placement="right" destroyOnHidden>
      {/* mounted only while open: the draft starts from the applied filters, the lookups load then */}
      {props.open && <FilterPanelBody {...props} />}
    </Drawer>
  )
}

function FilterPanelBody({ value, onApply, onClose, fields = ALL_FILTER_FIELDS, focusCategory }: FilterPanelProps) {
  const { t } = useTranslation()
  const [draft, setDraft] = useState<ProductFilters>(value)

  const show = (f: FilterField) => fields.includes(f)
  const set = (change: Partial<ProductFilters>) => setDraft((d) => ({ ...d, ...change }))

  const brands = useBrandsLookup()
  const manufacturers = useManufacturersLookup()
  const categories = useCategoriesLookup()
  const suppliers = useSuppliersLookup()
  const discountTypes = useDiscountTypesLookup()
  const supplierOptions = (suppliers.data ?? []).map((s) => ({ value: s.id, label: s.name }))

  // a pair of exclusive flags (active/inactive, ...) as one radio group with 'all'
  const pair = (field: FilterField, [a, b]: PairKey, labels: [string, string]) =>
    show(field) && (
      <Form.Item label={t(`filters.${field}`)}>
        <Radio.Group
          aria-label={t(`filters.${field}`)}
          value={draft[a] ? a : draft[b] ? b : ''}
          onChange={(e) => set({ [a]: e.target.value === a, [b]: e.target.value === b })}
          options={[
            { value: '', label: t('filters.all') },
            { value: a, label: labels[0] },
            { value: b, label: labels[1] },
          ]}
        />
      </Form.Item>
    )

  const range = (field: FilterField, from: keyof ProductFilters, to: keyof ProductFilters) =>
    show(field) && (
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item label={t(`filters.${from}`)} htmlFor={`filter-${from}`}>
            <Money id={`filter-${from}`} value={draft[from] as number | undefined} onChange={(v) => set({ [from]: v })} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label={t(`filters.${to}`)} htmlFor={`filter-${to}`}>
            <Money id={`filter-${to}`} value={draft[to] as number | undefined} onChange={(v) => set({ [to]: v })} />
          </Form.Item>
        </Col>
      </Row>
    )

  return (
    <Flex vertical gap={8}>
      <Form layout="vertical" component="div">
        {pair('status', ['active', 'inactive'], [t('filters.active'), t('filters.inactive')])}
        {pair('images', ['with_image', 'without_image'], [t('filters.withImage'), t('filters.withoutImage')])}
        {pair('attributes', ['with_attributes', 'without_attributes'], [t('filters.withAttributes'), t('filters.withoutAttributes')])}
        {pair('connected', ['connected', 'disconnected'], [t('filters.isConnected'), t('filters.isDisconnected')])}
        {pair('visible', ['live', 'dead'], [t('filters.live'), t('filters.dead')])}

        {show('categories') && (
          <Form.Item label={t('filters.categories')} htmlFor="filter-categories">
            <SearchableSelect<Category>
              id="filter-categories"
              mode="multiple"
              source={categorySearch}
              toOption={categoryOption}
              known={categories.data}
              pageSize={1000}
              value={draft.categories}
              onChange={(ids) => set({ categories: ids })}
              placeholder={t('filters.categoriesHint')}
              autoFocus={focusCategory}
            />
          </Form.Item>
        )}
        {show('category') && (
          <Form.Item label={t('filters.category')} htmlFor="filter-category">
            <SearchableSelect<Category>
              id="filter-category"
              source={categorySearch}
              toOption={categoryOption}
              known={categories.data}
              pageSize={1000}
              value={draft.category}
              onChange={(id) => set({ category: id })}
              placeholder={t('filters.categoriesHint')}
              autoFocus={focusCategory}
            />
          </Form.Item>
        )}
        {show('suppliers') && (
          <Form.Item label={t('filters.suppliers')} htmlFor="filter-suppliers">
            <Select<number[]>
              id="filter-suppliers"
              mode="multiple"
              allowClear
              optionFilterProp="label"
              options={supplierOptions}
              value={draft.suppliers}
              onChange={(ids) => set({ suppliers: ids })}
              notFoundContent={t('filters.noResult')}
            />
          </Form.Item>
        )}
        {show('supplier') && (
          <Form.Item label={t('filters.supplier')} htmlFor="filter-supplier">
            <Select<number>
              id="filter-supplier"
              showSearch
              allowClear
              optionFilterProp="label"
              options={supplierOptions}
              value={draft.supplier}
              onChange={(id) => set({ supplier: id })}
              notFoundContent={t('filters.noResult')}
            />
          </Form.Item>
        )}
        {show('brands') && (
          <Form.Item label={t('filters.brands')} htmlFor="filter-brands">
            <SearchableSelect<Brand>
              id="filter-brands"
              mode="multiple"
              source={brandSearch}
              toOption={brandOption}
              known={brands.data}
              value={draft.brands}
              onChange={(ids) => set({ brands: ids })}
            />
          </Form.Item>
        )}
        {show('brand') && (
          <Form.Item label={t('filters.brand')} htmlFor="filter-brand">
            <SearchableSelect<Brand>
              id="filter-brand"
              source={brandSearch}
              toOption={brandOption}
              known={brands.data}
              pageSize={1000}
              value={draft.brands[0]}
              onChange={(id) => set({ brands: id === undefined ? [] : [id] })}
            />
          </Form.Item>
        )}
        {show('manufacturers') && (
          <Form.Item label={t('filters.manufacturers')} htmlFor="filter-manufacturers">
            <SearchableSelect<Manufacturer>
              id="filter-manufacturers"
              mode="multiple"
              source={manufacturerSearch}
              toOption={manufacturerOption}
              known={manufacturers.data}
              value={draft.manufacturers}
              onChange={(ids) => set({ manufacturers: ids })}
            />
          </Form.Item>
        )}
        {range('webPrice', 'web_price_from', 'web_price_to')}
        {range('entryPrice', 'entry_price_from', 'entry_price_to')}

        {show('discounts') && (
          <>
            <Divider orientation="left">{t('filters.discounts')}</Divider>
            <Form.Item>
              <Checkbox checked={draft.discount} onChange={(e) => set({ discount: e.target.checked })}>
                {t('filters.discountIncluded')}
              </Checkbox>
            </Form.Item>
            <Row gutter={12}>
              <Col span={12}>
                <Form.Item label={t('filters.discount_from')} htmlFor="filter-discount_from">
                  <DayPicker id="filter-discount_from" value={draft.discount_from} onChange={(d) => set({ discount_from: d })} />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item label={t('filters.discount_to')} htmlFor="filter-discount_to">
                  <DayPicker id="filter-discount_to" value={draft.discount_to} onChange={(d) => set({ discount_to: d })} />
                </Form.Item>
              </Col>
            </Row>
            <Form.Item label={t('filters.discountType')} htmlFor="filter-discount_type">
              <Select<number>
                id="filter-discount_type"
                allowClear
                options={(discountTypes.data ?? []).map((d) => ({ value: d.id, label: d.name }))}
                value={draft.discount_type}
                onChange={(id) => set({ discount_type: id })}
              />
            </Form.Item>
            {range('discounts', 'discount_price_from', 'discount_price_to')}
          </>
        )}
      </Form>
      <Flex justify="space-between" gap={8} style={{ position: 'sticky', bottom: 0, background: '#fff', paddingTop: 8 }}>
        <Button onClick={onClose}>{t('filters.back')}</Button>
        <Flex gap={8}>
          <Button
            danger
            onClick={() => {
              setDraft(emptyFilters())
              onApply(emptyFilters())
            }}
          >
            {t('filters.remove')}
          </Button>
          <Button type="primary" onClick={() => onApply(draft)}>
            {t('filters.apply')}
          </Button>
        </Flex>
      </Flex>
    </Flex>
  )
}

function Money({ id, value, onChange }: { id: string; value?: number; onChange: (v: number | undefined) => void }) {
  return (
    <InputNumber<number>
      id={id}
      min={0}
      step={0.01}
      precision={2}
      decimalSeparator=","
      value={value}
      onChange={(v) => onChange(v ?? undefined)}
      style={{ width: '100%' }}
      addonAfter="RSD"
    />
  )
}
