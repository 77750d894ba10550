// /pretraga-proizvoda/{query}: the search's hits as cards with the category page's filter panel
// (price, brands, on action, in stock; attribute values when every hit shares a main
// category), chips, sort (relevance first), page size and pages, all in the URL query.
import { useTranslation } from 'react-i18next'
import { useParams, useSearchParams } from 'react-router'
import { filtersToQuery, parseFilters, SEARCH_SORTS, type ListingFilters } from '../catalog/filters'
import { Listing } from '../catalog/Listing'
import { useSearchResults } from '../hooks/api/search'
import { useIsLoggedIn } from '../session/loginState'
import { useDocumentTitle } from '../shell/useDocumentTitle'
import '../catalog/catalog.css'

export function SearchPage() {
  const { t } = useTranslation()
  const { query = '' } = useParams()
  const [params, setParams] = useSearchParams()
  const filters = parseFilters(params, SEARCH_SORTS)
  const loggedIn = useIsLoggedIn()
  const res = useSearchResults(query, filters, loggedIn)
  useDocumentTitle(t('search.title', { query }))
  const onChange = (f: ListingFilters) => {
    setParams(filtersToQuery(f, SEARCH_SORTS[0]))
    window.scrollTo(0, 0)
  }

  return (
    <div className="container listing">
      <h1>{t('search.heading', { query })}</h1>
      <Listing
        filters={filters}
        onChange={onChange}
        products={res.data?.data}
        total={res.data?.meta?.total ?? 0}
        lastPage={res.data?.meta?.last_page ?? 1}
        facets={res.data?.facets}
        sorts={SEARCH_SORTS}
        loading={res.isFetching}
        empty={t('search.empty', { query })}
      />
    </div>
  )
}

export default SearchPage
