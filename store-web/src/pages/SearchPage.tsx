// /pretraga-proizvoda/{query}: the search's products as cards, with page size and pages in the
// URL. The search API answers products without facets or sort (see docs/decisions.md).
import { useTranslation } from 'react-i18next'
import { useParams, useSearchParams } from 'react-router'
import { filtersToQuery, parseFilters, type ListingFilters } from '../catalog/filters'
import type { ProductCard } from '../catalog/format'
import { Listing } from '../catalog/Listing'
import { useSearchResults, type SearchProduct } from '../hooks/api/search'
import { useIsLoggedIn } from '../session/loginState'
import { useDocumentTitle } from '../shell/useDocumentTitle'
import '../catalog/catalog.css'

/** searchCard shows a search hit as a product card: the price the caller pays (guest or
 * customer, both decided by the server), the server's struck retail price and the difference. */
export function searchCard(p: SearchProduct, loggedIn: boolean): ProductCard {
  const price = (loggedIn ? p.customer_price : p.guest_price) ?? 0
  const retail = Math.max(p.regular_price ?? 0, price)
  const mainCategory = /^\/kategorije\/([^/]+)\/proizvodi\//.exec(p.link ?? '')?.[1] ?? ''
  return {
    id: p.id,
    name: p.name,
    slug: p.slug,
    main_category_slug: decodeURIComponent(mainCategory),
    main_image: p.image ? { small: p.image } : null,
    discount: null,
    price,
    retail_price: retail,
    saving: Math.round((retail - price) * 100) / 100,
    purchasable: true,
  }
}

export function SearchPage() {
  const { t } = useTranslation()
  const { query = '' } = useParams()
  const [params, setParams] = useSearchParams()
  const filters = parseFilters(params)
  const loggedIn = useIsLoggedIn()
  const res = useSearchResults(query, filters.page, filters.paginate)
  useDocumentTitle(t('search.title', { query }))
  const onChange = (f: ListingFilters) => {
    setParams(filtersToQuery(f))
    window.scrollTo(0, 0)
  }

  return (
    <div className="container listing">
      <h1>{t('search.heading', { query })}</h1>
      <Listing
        filters={filters}
        onChange={onChange}
        products={res.data?.data?.map((p) => searchCard(p, loggedIn))}
        total={res.data?.meta?.total ?? 0}
        lastPage={res.data?.meta?.last_page ?? 1}
        withFacets={false}
        withSort={false}
        loading={res.isFetching}
        empty={t('search.empty', { query })}
      />
    </div>
  )
}

export default SearchPage
