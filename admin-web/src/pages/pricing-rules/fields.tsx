// The pickers of the pricing rules' forms. Each keeps "none" (any supplier, brand, category) as
// null in the form, as the body sends it, while the antd pickers speak undefined.
import { InputNumber, Select, TreeSelect } from 'antd'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import type { Brand, Category, Manufacturer } from '../../api/catalogTypes'
import { SearchableSelect } from '../../components/SearchableSelect'
import { brandSearch, useBrandsLookup } from '../../hooks/api/brands'
import { categorySearch, useCategoriesLookup } from '../../hooks/api/categories'
import { useCategoryTree } from '../../hooks/api/categoryAdmin'
import { manufacturerSearch, useManufacturersLookup } from '../../hooks/api/manufacturers'
import { useSuppliersLookup } from '../../hooks/api/suppliers'
import { treeSelectData } from '../categories/categoryTree'

interface NullableProps {
  id?: string
  value?: number | null
  onChange?: (v: number | null) => void
  placeholder?: string
}

const brandOption = (b: Brand) => ({ value: b.id, label: b.name })
const manufacturerOption = (m: Manufacturer) => ({ value: m.id, label: m.value })
const categoryOption = (c: Category) => ({ value: c.id, label: c.name })

/** CategoryTreePicker: one category from the whole tree (the products' main category) */
export function CategoryTreePicker({ id, value, onChange, placeholder }: NullableProps) {
  const { t } = useTranslation()
  const tree = useCategoryTree()
  const treeData = useMemo(() => treeSelectData(tree.data ?? []), [tree.data])
  return (
    <TreeSelect<number>
      id={id}
      aria-label={t('pricingRules.common.category')}
      showSearch
      allowClear
      treeNodeFilterProp="title"
      treeData={treeData}
      loading={tree.isPending}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      placeholder={placeholder}
      notFoundContent={t('catalogAdmin.common.noResult')}
      style={{ width: '100%' }}
    />
  )
}

export function SupplierPicker({ id, value, onChange, placeholder }: NullableProps) {
  const { t } = useTranslation()
  const suppliers = useSuppliersLookup()
  return (
    <Select<number>
      id={id}
      aria-label={t('pricingRules.common.supplier')}
      showSearch
      allowClear
      optionFilterProp="label"
      loading={suppliers.isFetching && !suppliers.data}
      options={(suppliers.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      placeholder={placeholder}
      notFoundContent={t('filters.noResult')}
      style={{ width: '100%' }}
    />
  )
}

export function BrandPicker({ id, value, onChange, placeholder }: NullableProps) {
  const { t } = useTranslation()
  const brands = useBrandsLookup()
  return (
    <SearchableSelect<Brand>
      id={id}
      aria-label={t('pricingRules.common.brand')}
      source={brandSearch}
      toOption={brandOption}
      known={brands.data}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      placeholder={placeholder}
    />
  )
}

export function ManufacturerPicker({ id, value, onChange, placeholder }: NullableProps) {
  const { t } = useTranslation()
  const manufacturers = useManufacturersLookup()
  return (
    <SearchableSelect<Manufacturer>
      id={id}
      aria-label={t('pricingRules.common.manufacturer')}
      source={manufacturerSearch}
      toOption={manufacturerOption}
      known={manufacturers.data}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      placeholder={placeholder}
    />
  )
}

export function CategoriesPicker({ id, value, onChange, placeholder }: { id?: string; value?: number[]; onChange?: (v: number[]) => void; placeholder?: string }) {
  const { t } = useTranslation()
  const categories = useCategoriesLookup()
  return (
    <SearchableSelect<Category>
      id={id}
      mode="multiple"
      aria-label={t('pricingRules.common.categories')}
      source={categorySearch}
      toOption={categoryOption}
      known={categories.data}
      pageSize={1000}
      value={value ?? []}
      onChange={(v) => onChange?.(v)}
      placeholder={placeholder}
    />
  )
}

/** PercentInput: a percentage with two decimals (decimal comma) */
export function PercentInput(props: { id?: string; value?: number | null; onChange?: (v: number | null) => void; max?: number; 'aria-label'?: string }) {
  return <InputNumber<number> {...props} min={0} max={props.max ?? 100} precision={2} decimalSeparator="," suffix="%" style={{ width: '100%' }} />
}

/** MoneyInput: an amount in RSD with two decimals; empty is null */
export function MoneyInput(props: { id?: string; value?: number | null; onChange?: (v: number | null) => void; 'aria-label'?: string }) {
  return <InputNumber<number> {...props} min={0} precision={2} decimalSeparator="," suffix="RSD" style={{ width: '100%' }} />
}
