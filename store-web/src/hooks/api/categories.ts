// Category data: the storefront's category tree (header menus, breadcrumbs) and a category's
// products with the filter panel's facets.
import { getLang, unwrap, type components } from '@shop/shared'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '../../api/client'
import { initialData } from '../../api/initialData'
import { apiQuery, filtersToQuery, type ListingFilters } from '../../catalog/filters'

export type StoreCategory = components['schemas']['StoreCategory']
export type CategoryProducts = components['schemas']['StorefrontCategoryProducts']
export type Facets = components['schemas']['StorefrontFacets']

export const categoryKeys = {
  all: ['categories'] as const,
  tree: (lang: string) => [...categoryKeys.all, 'tree', lang] as const,
  products: (slug: string, f: ListingFilters, loggedIn: boolean) => [...categoryKeys.all, 'products', slug, f, loggedIn] as const,
}

export const categoryTreeQuery = (lang: string) =>
  queryOptions({
    queryKey: categoryKeys.tree(lang),
    queryFn: async () =>
      (await unwrap(api.GET('/api/v1/categories', { params: { query: { include: 'all_subcategories', main: true } } }))).data ?? [],
    staleTime: 10 * 60_000,
  })

/** useCategoryTree is the main categories with all their subcategories. */
export function useCategoryTree(lang: string) {
  return useQuery(categoryTreeQuery(lang))
}

/** findTrail is the path from a main category down to the category with this slug (empty: none). */
export function findTrail(tree: StoreCategory[], slug: string): StoreCategory[] {
  for (const c of tree) {
    if (c.slug === slug) return [c]
    const sub = findTrail(c.subcategories ?? [], slug)
    if (sub.length) return [c, ...sub]
  }
  return []
}

/** useCategoryProducts is a page of the category's products with facets; the page shown stays
 * while the next one loads (no jump when a filter changes). A guest's unfiltered first page
 * shows what the server embedded in the page (no wait for the API). */
export function useCategoryProducts(slug: string, f: ListingFilters, loggedIn: boolean) {
  // The server embeds only the plain first page, at a guest's prices.
  const embedded = !loggedIn && filtersToQuery(f).toString() === ''
  return useQuery({
    queryKey: categoryKeys.products(slug, f, loggedIn),
    initialData: embedded
      ? () => initialData<CategoryProducts>(`/api/v1/categories/${encodeURIComponent(slug)}/products`, getLang())
      : undefined,
    queryFn: async () =>
      unwrap(
        api.GET('/api/v1/categories/{slug}/products', {
          params: { path: { slug }, query: apiQuery(f) as never },
        }),
      ),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  })
}
