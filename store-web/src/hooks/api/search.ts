// Search data: the results page's products and the search box's suggestions.
import { unwrap, type components } from '@shop/shared'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { api } from '../../api/client'

export type Suggestions = components['schemas']['api.AutocompleteResponse']
export type SearchProduct = components['schemas']['api.SearchProductResponse']

export const searchKeys = {
  all: ['search'] as const,
  suggestions: (q: string) => [...searchKeys.all, 'suggestions', q] as const,
  results: (q: string, page: number, paginate: number) => [...searchKeys.all, 'results', q, page, paginate] as const,
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

/** useSearchResults is a page of the search's products. */
export function useSearchResults(q: string, page: number, paginate: number) {
  return useQuery({
    queryKey: searchKeys.results(q, page, paginate),
    queryFn: async () => unwrap(api.GET('/api/v1/search', { params: { query: { q, page, paginate } } })),
    enabled: q.trim() !== '',
    placeholderData: keepPreviousData,
  })
}
