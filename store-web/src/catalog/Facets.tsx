// The listing's filter panel: price range, brands, the category's attribute values (with
// counts), on action and in stock; and the chips of the active filters.
import { useEffect, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { Facets as FacetData } from '../hooks/api/categories'
import { toggleId, withChange, type ListingFilters } from './filters'
import { formatPrice } from './format'

interface Props {
  facets: FacetData | undefined
  filters: ListingFilters
  onChange: (f: ListingFilters) => void
}

export function Facets({ facets, filters, onChange }: Props) {
  const { t } = useTranslation()
  const [from, setFrom] = useState(filters.priceFrom?.toString() ?? '')
  const [to, setTo] = useState(filters.priceTo?.toString() ?? '')
  useEffect(() => {
    setFrom(filters.priceFrom?.toString() ?? '')
    setTo(filters.priceTo?.toString() ?? '')
  }, [filters.priceFrom, filters.priceTo])

  const num = (s: string) => (s.trim() === '' || !Number.isFinite(Number(s)) ? undefined : Math.max(0, Number(s)))
  const applyPrice = (e: FormEvent) => {
    e.preventDefault()
    onChange(withChange(filters, { priceFrom: num(from), priceTo: num(to) }))
  }
  const brands = facets?.brands ?? []
  const attributes = facets?.attributes ?? []

  return (
    <div className="facets" data-testid="facets">
      <form onSubmit={applyPrice}>
        <fieldset>
          <legend>{t('category.price')}</legend>
          <div className="facets__price">
            <label>
              {t('category.priceFrom')}
              <input type="number" inputMode="decimal" min={0} value={from} placeholder={facets?.price?.min?.toString()}
                onChange={(e) => setFrom(e.target.value)} />
            </label>
            <label>
              {t('category.priceTo')}
              <input type="number" inputMode="decimal" min={0} value={to} placeholder={facets?.price?.max?.toString()}
                onChange={(e) => setTo(e.target.value)} />
            </label>
            <button type="submit" className="btn btn--ghost">
              {t('category.applyPrice')}
            </button>
          </div>
        </fieldset>
      </form>

      <fieldset>
        <legend className="visually-hidden">{t('category.filters')}</legend>
        <label className="facets__check">
          <input type="checkbox" checked={filters.discount} onChange={() => onChange(withChange(filters, { discount: !filters.discount }))} />
          {t('category.onAction')}{' '}
          <span className="facets__count">{facets?.on_action ?? 0}</span>
        </label>
        <label className="facets__check">
          <input type="checkbox" checked={filters.inStock} onChange={() => onChange(withChange(filters, { inStock: !filters.inStock }))} />
          {t('category.inStock')}{' '}
          <span className="facets__count">{facets?.in_stock ?? 0}</span>
        </label>
      </fieldset>

      {brands.length > 0 && (
        <fieldset>
          <legend>{t('category.brands')}</legend>
          <ul className="facets__list">
            {brands.map((b) => (
              <li key={b.id}>
                <label>
                  <input type="checkbox" checked={filters.brands.includes(b.id)}
                    onChange={() => onChange(withChange(filters, { brands: toggleId(filters.brands, b.id) }))} />
                  {b.name}
                  {' '}
                  <span className="facets__count">{b.count}</span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      )}

      {attributes.map((a) => (
        <fieldset key={a.id}>
          <legend>{a.name}</legend>
          <ul className="facets__list">
            {(a.values ?? []).map((v) => (
              <li key={v.id}>
                <label>
                  <input type="checkbox" checked={filters.values.includes(v.id)}
                    onChange={() => onChange(withChange(filters, { values: toggleId(filters.values, v.id) }))} />
                  {v.value}
                  {' '}
                  <span className="facets__count">{v.count}</span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      ))}
    </div>
  )
}

interface Chip {
  key: string
  label: string
  remove: Partial<ListingFilters>
}

/** FilterChips shows each active filter as a removable chip, and 'Obriši sve'. Names come from
 * the facets; a chosen id the facets no longer list still shows (by id) so it can be removed. */
export function FilterChips({ facets, filters, onChange }: Props) {
  const { t } = useTranslation()
  const brandName = new Map((facets?.brands ?? []).map((b) => [b.id, b.name]))
  const valueName = new Map((facets?.attributes ?? []).flatMap((a) => (a.values ?? []).map((v) => [v.id, `${a.name}: ${v.value}`] as const)))
  const chips: Chip[] = [
    ...filters.brands.map((id) => ({ key: `b${id}`, label: brandName.get(id) ?? `#${id}`, remove: { brands: filters.brands.filter((x) => x !== id) } })),
    ...filters.values.map((id) => ({ key: `v${id}`, label: valueName.get(id) ?? `#${id}`, remove: { values: filters.values.filter((x) => x !== id) } })),
  ]
  if (filters.priceFrom !== undefined && filters.priceTo !== undefined) {
    chips.push({ key: 'price', label: t('category.priceChip', { from: formatPrice(filters.priceFrom), to: formatPrice(filters.priceTo) }),
      remove: { priceFrom: undefined, priceTo: undefined } })
  } else if (filters.priceFrom !== undefined) {
    chips.push({ key: 'price', label: t('category.priceFromChip', { amount: formatPrice(filters.priceFrom) }), remove: { priceFrom: undefined } })
  } else if (filters.priceTo !== undefined) {
    chips.push({ key: 'price', label: t('category.priceToChip', { amount: formatPrice(filters.priceTo) }), remove: { priceTo: undefined } })
  }
  if (filters.discount) chips.push({ key: 'discount', label: t('category.onAction'), remove: { discount: false } })
  if (filters.inStock) chips.push({ key: 'stock', label: t('category.inStock'), remove: { inStock: false } })
  if (!chips.length) return null
  return (
    <ul className="chips" aria-label={t('category.activeFilters')}>
      {chips.map((c) => (
        <li key={c.key}>
          <button type="button" className="chip" aria-label={t('category.removeFilter', { label: c.label })}
            onClick={() => onChange(withChange(filters, c.remove))}>
            {c.label} <span aria-hidden="true">×</span>
          </button>
        </li>
      ))}
      <li>
        <button type="button" className="linklike" onClick={() =>
          onChange(withChange(filters, { brands: [], values: [], priceFrom: undefined, priceTo: undefined, discount: false, inStock: false }))}>
          {t('category.clearFilters')}
        </button>
      </li>
    </ul>
  )
}
