// Search data: the results page's products and the search box's suggestions.
import { unwrap, type components } from '@shop/shared'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { api } from '../../api/client'
import { apiQuery, type ListingFilters } from '../../catalog/filters'

export type Suggestions = components['schemas']['api.AutocompleteResponse']
export type SearchResults = components['schemas']['StorefrontSearchResults']

export const searchKeys = {
  all: ['search'] as const,
  suggestions: (q: string) => [...searchKeys.all, 'suggestions', q] as const,
  results: (q: string, f: ListingFilters, loggedIn: boolean) => [...searchKeys.all, 'results', q, f, loggedIn] as const,
}

/** useSuggestions is the dropdown's content: first-click suggestions for an empty text, else
 * the autocomplete of q (already debounced by the caller). Idle until enabled. */
export function useSuggestions(q: string, enabled: boolean) {
  const text = q.trim()
  return useQuery({
    queryKey: searchKeys.suggestions(text),
    queryFn: async () =>
      text === ''
        ? unwrap(api.GET('/api/v1/autocomplete/first-click'))
        : unwrap(api.GET('/api/v1/autocomplete', { params: { query: { q: text } } })),
    enabled,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  })
}

/** useSearchResults is a page of the search's hits, filtered and sorted, with the facets (as
 * the category page's); the price is the session's, so the key holds the login state. */
export function useSearchResults(q: string, f: ListingFilters, loggedIn: boolean) {
  return useQuery({
    queryKey: searchKeys.results(q, f, loggedIn),
    queryFn: async () => unwrap(api.GET('/api/v1/search', { params: { query: { ...apiQuery(f), q } as never } })),
    enabled: q.trim() !== '',
    placeholderData: keepPreviousData,
  })
}
