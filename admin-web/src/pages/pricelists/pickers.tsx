// The pickers every price-list screen starts with: a supplier (the cached suppliers lookup) and a
// shop category (type-ahead over the leaf categories), and the URL keys that hold the choice so
// a screen can be reloaded or linked with it.
import { Select } from 'antd'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import type { Category } from '../../api/catalogTypes'
import { SearchableSelect } from '../../components/SearchableSelect'
import { categorySearch, useCategoriesLookup } from '../../hooks/api/categories'
import { useSuppliersLookup } from '../../hooks/api/suppliers'

export interface PickerProps {
  id?: string
  value?: number
  onChange?: (v: number | undefined) => void
  placeholder?: string
  disabled?: boolean
  style?: React.CSSProperties
}

export function SupplierSelect({ id, value, onChange, placeholder, disabled, style }: PickerProps) {
  const { t } = useTranslation()
  const suppliers = useSuppliersLookup()
  return (
    <Select<number>
      id={id}
      aria-label={t('pricelists.common.supplier')}
      showSearch
      allowClear
      optionFilterProp="label"
      loading={suppliers.isFetching && !suppliers.data}
      options={(suppliers.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
      value={value}
      onChange={(v) => onChange?.(v ?? undefined)}
      placeholder={placeholder ?? t('pricelists.common.supplierHint')}
      notFoundContent={t('filters.noResult')}
      disabled={disabled}
      style={{ minWidth: 240, ...style }}
    />
  )
}

const categoryOption = (c: Category) => ({ value: c.id, label: c.name })

export function CategoryPicker({ id, value, onChange, placeholder, disabled, style, ...rest }: PickerProps & { 'aria-label'?: string }) {
  const { t } = useTranslation()
  const categories = useCategoriesLookup()
  return (
    <SearchableSelect<Category>
      id={id}
      aria-label={rest['aria-label'] ?? t('pricelists.common.category')}
      source={categorySearch}
      toOption={categoryOption}
      known={categories.data}
      pageSize={1000}
      value={value}
      onChange={(v) => onChange?.(v)}
      placeholder={placeholder ?? t('pricelists.common.categoryHint')}
      disabled={disabled}
      style={{ minWidth: 240, ...style }}
    />
  )
}

/** positive: a URL value as an id, or undefined */
export function positive(v: string | null): number | undefined {
  const n = Number(v)
  return Number.isInteger(n) && n > 0 ? n : undefined
}

/**
 * useUrlIds: ids kept in the URL query under the given keys. Changing one starts the list again
 * at page 1 (the list's other keys, size and search, stay).
 */
export function useUrlIds<K extends string>(...keys: K[]): [Record<K, number | undefined>, (change: Partial<Record<K, number | undefined>>) => void] {
  const [q, setQ] = useSearchParams()
  const values = Object.fromEntries(keys.map((k) => [k, positive(q.get(k))])) as Record<K, number | undefined>
  const set = (change: Partial<Record<K, number | undefined>>) =>
    setQ(
      (prev) => {
        const next = new URLSearchParams(prev)
        for (const [k, v] of Object.entries(change) as [K, number | undefined][]) {
          if (v) next.set(k, String(v))
          else next.delete(k)
        }
        next.delete('page')
        return next
      },
      { replace: true },
    )
  return [values, set]
}
