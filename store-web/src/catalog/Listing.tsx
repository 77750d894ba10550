// The listing frame the category and search pages share: toolbar (count, sort, page size, the
// mobile filter drawer's button), chips, facets beside the grid, pagination.
import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'react-router'
import { CompareBar } from '../compare/CompareBar'
import type { Facets as FacetData } from '../hooks/api/categories'
import { Facets, FilterChips } from './Facets'
import { filtersToQuery, PAGE_SIZES, SORT_LABELS, SORTS, withChange, type ListingFilters, type Sort } from './filters'
import type { ProductCard } from './format'
import { Pagination } from './Pagination'
import { GridSkeleton, ProductGrid } from './ProductGrid'

interface Props {
  filters: ListingFilters
  onChange: (f: ListingFilters) => void
  products: ProductCard[] | undefined
  total: number
  lastPage: number
  facets?: FacetData
  withFacets?: boolean
  withSort?: boolean
  /** sorts are the orders offered, the first the default (the category page's by default). */
  sorts?: readonly Sort[]
  loading: boolean
  empty: ReactNode
}

export function Listing({
  filters,
  onChange,
  products,
  total,
  lastPage,
  facets,
  withFacets = true,
  withSort = true,
  sorts = SORTS,
  loading,
  empty,
}: Props) {
  const { t } = useTranslation()
  const { pathname } = useLocation()
  const [drawer, setDrawer] = useState(false)
  const pageHref = (page: number) => {
    const q = filtersToQuery({ ...filters, page }, sorts[0]).toString()
    return q ? `${pathname}?${q}` : pathname
  }

  return (
    <div className={withFacets ? 'listing__layout' : undefined}>
      {withFacets && (
        <aside
          className={drawer ? 'facets-drawer facets-drawer--open' : 'facets-drawer'}
          aria-label={t('category.filters')}
          onClick={(e) => e.target === e.currentTarget && setDrawer(false)}
        >
          {/* On a phone the panel is the drawer's white sheet: its head stays at the top of the
              sheet, above the site's header, with the title and the way back to the products. */}
          <div className="facets-drawer__panel">
            <div className="facets__drawer-head">
              <h2>{t('category.filters')}</h2>
              <button type="button" className="btn btn--primary" onClick={() => setDrawer(false)}>
                {t('category.showResults')}
              </button>
            </div>
            <Facets facets={facets} filters={filters} onChange={onChange} />
          </div>
        </aside>
      )}
      <section aria-busy={loading} aria-labelledby="listing-products">
        {/* The cards' h3 names need an h2 above them (heading order); the count shows below. */}
        <h2 id="listing-products" className="visually-hidden">
          {t('category.products')}
        </h2>
        <div className="listing__toolbar">
          <p className="muted" aria-live="polite">
            {t(`category.count`, { count: total })}
          </p>
          {withFacets && (
            <button type="button" className="btn btn--ghost listing__filters-toggle" aria-expanded={drawer} onClick={() => setDrawer(true)}>
              {t('category.openFilters')}
            </button>
          )}
          <div className="listing__controls">
            {withSort && (
              <label>
                {t('category.sort')}
                <select value={filters.sort} onChange={(e) => onChange(withChange(filters, { sort: e.target.value as Sort }))}>
                  {sorts.map((s) => (
                    <option key={s} value={s}>
                      {t(SORT_LABELS[s])}
                    </option>
                  ))}
                </select>
              </label>
            )}{' '}
            <label>
              {t('category.perPage')}
              <select value={filters.paginate} onChange={(e) => onChange(withChange(filters, { paginate: Number(e.target.value) }))}>
                {PAGE_SIZES.map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
            </label>
          </div>
        </div>
        {withFacets && <FilterChips facets={facets} filters={filters} onChange={onChange} />}
        <CompareBar />
        {products === undefined ? (
          <GridSkeleton />
        ) : products.length === 0 ? (
          <div className="listing__empty">{empty}</div>
        ) : (
          <ProductGrid products={products} />
        )}
        <Pagination page={filters.page} last={lastPage} href={pageHref} />
      </section>
    </div>
  )
}
