// /kategorije/{slug}: breadcrumbs, subcategories, the category's banner (position 'category'),
// the filter panel (price, brands, attribute
// values, on action, in stock) with chips, sort, page size and pages; every filter lives in the
// URL query (shareable; the back button steps back through filter changes).
import { ApiError } from '@shop/shared'
import { useTranslation } from 'react-i18next'
import { Link, useParams, useSearchParams } from 'react-router'
import { filtersToQuery, parseFilters, type ListingFilters } from '../catalog/filters'
import { categoryPath } from '../catalog/format'
import { Listing } from '../catalog/Listing'
import { PositionBanner } from '../catalog/PositionBanner'
import { categoryBanner, useBanners } from '../hooks/api/banners'
import { findTrail, useCategoryProducts, useCategoryTree } from '../hooks/api/categories'
import { useIsLoggedIn } from '../session/loginState'
import { useDocumentTitle } from '../shell/useDocumentTitle'
import { NotFoundPage } from './NotFoundPage'
import '../catalog/catalog.css'

export function CategoryPage() {
  const { t, i18n } = useTranslation()
  const { slug = '' } = useParams()
  const [query, setQuery] = useSearchParams()
  const filters = parseFilters(query)
  const loggedIn = useIsLoggedIn()
  const treeQuery = useCategoryTree(i18n.language)
  const tree = treeQuery.data ?? []
  const trail = findTrail(tree, slug)
  const category = trail[trail.length - 1]
  const res = useCategoryProducts(slug, filters, loggedIn)
  const banners = useBanners('category').data ?? []
  useDocumentTitle(category?.name)

  // An unknown category is the shop's one not-found page (the server answered the URL with 404).
  if (res.error instanceof ApiError && res.error.status === 404) return <NotFoundPage />

  // The name, the subcategories and the breadcrumbs come with the category tree: until it is in
  // (a first visit; the header's menu asks for it too) the page holds a screen, so the
  // subcategory links never push the products down under the shopper's eyes (layout shift).
  if (treeQuery.isPending) {
    return <div className="container listing page-pending" aria-busy="true" data-testid="category-pending" />
  }

  const onChange = (f: ListingFilters) => {
    setQuery(filtersToQuery(f))
    window.scrollTo(0, 0)
  }
  const meta = res.data?.meta
  const banner = categoryBanner(
    banners,
    trail.map((c) => c.slug),
  )

  return (
    <div className="container listing">
      <nav className="breadcrumbs" aria-label={t('category.breadcrumbs')}>
        <ol>
          <li>
            <Link to="/">{t('category.home')}</Link>
          </li>
          {trail.map((c, i) => (
            <li key={c.id}>
              {i === trail.length - 1 ? (
                <span aria-current="page">{c.name}</span>
              ) : (
                <Link to={categoryPath(c.slug)}>{c.name}</Link>
              )}
            </li>
          ))}
        </ol>
      </nav>
      <h1>{category?.name ?? '\u00a0'}</h1>
      {(category?.subcategories ?? []).length > 0 && (
        <ul className="subcategory-links" aria-label={t('category.subcategories')}>
          {(category?.subcategories ?? []).map((s) => (
            <li key={s.id}>
              <Link to={categoryPath(s.slug)}>{s.name}</Link>
            </li>
          ))}
        </ul>
      )}
      {banner && <PositionBanner banner={banner} className="category-banner" testId="category-banner" />}
      {res.isError && !res.data ? (
        <div className="listing__error" role="alert">
          <p>{t('category.loadError')}</p>
          <button type="button" className="btn btn--primary" onClick={() => void res.refetch()}>
            {t('category.retry')}
          </button>
        </div>
      ) : (
        <Listing
          filters={filters}
          onChange={onChange}
          products={res.data?.data}
          total={meta?.total ?? 0}
          lastPage={meta?.last_page ?? 1}
          facets={res.data?.facets}
          loading={res.isFetching}
          empty={t('category.empty')}
        />
      )}
    </div>
  )
}

export default CategoryPage
