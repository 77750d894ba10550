// FilterChips: the applied filters as removable chips (catalogue spec 2, "Filter panel fields").
// Search, page and paginate are never chips. Ids are named from the lookup lists, which are
// asked for only when a chip of theirs is shown.
import { useQuery } from '@tanstack/react-query'
import { Button, Flex, Tag } from 'antd'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { formatDay, formatMoney } from '../../format'
import { brandsLookup } from '../../hooks/api/brands'
import { categoriesLookup } from '../../hooks/api/categories'
import { discountTypesLookup } from '../../hooks/api/discountTypes'
import { manufacturersLookup } from '../../hooks/api/manufacturers'
import { suppliersLookup } from '../../hooks/api/suppliers'
import { chipsOf, emptyFilters, withoutChip, type Chip, type ChipKind, type ProductFilters } from '../../lists/productQuery'

export type ChipNames = Partial<Record<'supplier' | 'category' | 'brand' | 'manufacturers' | 'discount_type', Map<number, string>>>

/** chipLabel: the chip's text, e.g. 'Kategorija: Laptopovi', 'Web cena od: 1.000,00', 'Aktivni'. */
export function chipLabel(chip: Chip, t: TFunction, names: ChipNames = {}): string {
  const label = t(`chips.${chip.kind}`)
  if (chip.id !== undefined) {
    const name = names[chip.kind as keyof ChipNames]?.get(chip.id)
    return `${label}: ${name ?? `#${chip.id}`}`
  }
  if (chip.amount !== undefined) return `${label}: ${formatMoney(chip.amount)}`
  if (chip.date !== undefined) return `${label}: ${formatDay(chip.date)}`
  return label
}

const mapOf = <T,>(list: T[] | undefined, id: (x: T) => number, name: (x: T) => string) =>
  new Map((list ?? []).map((x) => [id(x), name(x)]))

export interface FilterChipsProps {
  filters: ProductFilters
  onChange: (f: ProductFilters) => void
  /** kinds a page fixes itself (e.g. live on 'visible on site'); they are not shown */
  hidden?: ChipKind[]
}

export function FilterChips({ filters, onChange, hidden = [] }: FilterChipsProps) {
  const { t } = useTranslation()
  const chips = chipsOf(filters).filter((c) => !hidden.includes(c.kind))
  const has = (k: ChipKind) => chips.some((c) => c.kind === k)
  const brands = useQuery({ ...brandsLookup(), enabled: has('brand') })
  const suppliers = useQuery({ ...suppliersLookup(), enabled: has('supplier') })
  const categories = useQuery({ ...categoriesLookup(), enabled: has('category') })
  const manufacturers = useQuery({ ...manufacturersLookup(), enabled: has('manufacturers') })
  const discountTypes = useQuery({ ...discountTypesLookup(), enabled: has('discount_type') })
  if (chips.length === 0) return null
  const names: ChipNames = {
    brand: mapOf(brands.data, (b) => b.id, (b) => b.name),
    supplier: mapOf(suppliers.data, (s) => s.id, (s) => s.name),
    category: mapOf(categories.data, (c) => c.id, (c) => c.name),
    manufacturers: mapOf(manufacturers.data, (m) => m.id, (m) => m.value),
    discount_type: mapOf(discountTypes.data, (d) => d.id, (d) => d.name),
  }
  const keepHidden = (f: ProductFilters) => {
    // "remove all" keeps what the page fixes
    const next = emptyFilters()
    for (const k of hidden) (next as unknown as Record<string, unknown>)[k] = (f as unknown as Record<string, unknown>)[k]
    return next
  }
  return (
    <Flex wrap gap={6} align="center" data-testid="filter-chips" aria-label={t('filters.applied')}>
      {chips.map((chip) => {
        const text = chipLabel(chip, t, names)
        return (
          <Tag
            key={chip.key}
            closable
            color="blue"
            onClose={(e) => {
              e.preventDefault()
              onChange(withoutChip(filters, chip))
            }}
            closeIcon={<span aria-label={t('filters.removeChip', { name: text })}>×</span>}
          >
            {text}
          </Tag>
        )
      })}
      {chips.length > 1 && (
        <Button type="link" size="small" onClick={() => onChange(keepHidden(filters))}>
          {t('filters.removeAll')}
        </Button>
      )}
    </Flex>
  )
}
