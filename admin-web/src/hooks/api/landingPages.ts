// Landing pages (admin/landing-pages, admin/landing-page-models): the list, one page, and the
// multipart create, update (POST with _method=PATCH) and delete. The product picker searches
// admin/products; the action picker reads the catalog sticker types.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { components } from '@shop/shared'
import { client, unwrap } from '../../api/client'

type S = components['schemas']
export type LandingPageRow = S['LandingPageRow']
export type LandingPage = S['LandingPage']
export type LandingPageModel = S['LandingPageModel']

export interface LandingQuery {
  page?: number
  paginate?: number
  search?: string
}

export const landingKeys = {
  all: ['landing-pages'] as const,
  lists: () => [...landingKeys.all, 'list'] as const,
  list: (q: LandingQuery) => [...landingKeys.lists(), q] as const,
  detail: (id: number) => [...landingKeys.all, 'detail', id] as const,
  models: () => [...landingKeys.all, 'models'] as const,
}

export function useLandingPages(q: LandingQuery) {
  return useQuery({
    queryKey: landingKeys.list(q),
    queryFn: async () => unwrap(client.GET('/api/v1/admin/landing-pages', { params: { query: { ...q, search: q.search || undefined } } })),
    placeholderData: keepPreviousData,
  })
}

export function useLandingPage(id: number | undefined) {
  return useQuery({
    queryKey: landingKeys.detail(id ?? 0),
    queryFn: async () => (await unwrap(client.GET('/api/v1/admin/landing-pages/{id}', { params: { path: { id: id! } } }))).data as LandingPage,
    enabled: !!id,
  })
}

export function useLandingModels() {
  return useQuery({
    queryKey: landingKeys.models(),
    queryFn: async () => (await unwrap(client.GET('/api/v1/admin/landing-page-models'))).data ?? [],
    staleTime: Infinity,
  })
}

/** LandingFormValues: what the form sends (spec 7's multipart fields). */
export interface LandingFormValues {
  name: string
  landing_page_model_id: number
  catalog_sticker_type_id?: number
  top_description?: string
  bottom_description?: string
  card1?: string
  card2?: string
  card3?: string
  card4?: string
  products_ids?: number[]
  categories_ids?: number[]
  link?: string
  banner?: File
}

/** landingFormData: the multipart body; lists as products_ids[n] / categories_ids[n]. */
export function landingFormData(v: LandingFormValues, method?: 'PATCH'): FormData {
  const fd = new FormData()
  if (method) fd.append('_method', method)
  fd.append('name', v.name)
  fd.append('landing_page_model_id', String(v.landing_page_model_id))
  if (v.catalog_sticker_type_id) fd.append('catalog_sticker_type_id', String(v.catalog_sticker_type_id))
  for (const k of ['top_description', 'bottom_description', 'card1', 'card2', 'card3', 'card4', 'link'] as const) {
    if (v[k] !== undefined) fd.append(k, v[k] ?? '')
  }
  ;(v.products_ids ?? []).forEach((id, i) => fd.append(`products_ids[${i}]`, String(id)))
  ;(v.categories_ids ?? []).forEach((id, i) => fd.append(`categories_ids[${i}]`, String(id)))
  if (v.banner) fd.append('banner', v.banner)
  return fd
}

function useLandingChange<V>(fn: (v: V) => Promise<unknown>) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: fn,
    onSuccess: () => void qc.invalidateQueries({ queryKey: landingKeys.all }),
  })
}

export function useCreateLandingPage() {
  return useLandingChange((v: LandingFormValues) =>
    unwrap(client.POST('/api/v1/admin/landing-pages', { body: {} as never, bodySerializer: () => landingFormData(v) })),
  )
}

export function useUpdateLandingPage() {
  return useLandingChange(({ id, values }: { id: number; values: LandingFormValues }) =>
    unwrap(client.POST('/api/v1/admin/landing-pages/{id}', { params: { path: { id } }, body: {} as never, bodySerializer: () => landingFormData(values, 'PATCH') })),
  )
}

export function useDeleteLandingPage() {
  return useLandingChange((id: number) => unwrap(client.DELETE('/api/v1/admin/landing-pages/{id}', { params: { path: { id } } })))
}

/** searchProducts: the product picker's options (name and SKU). */
export async function searchProducts(search: string) {
  const res = await unwrap(client.GET('/api/v1/admin/products', { params: { query: { search: search || undefined, paginate: 20 } } }))
  return ((res as { data?: { id?: number; name?: string; sku?: string }[] }).data ?? []).map((p) => ({ value: p.id!, label: `${p.name} (${p.sku})` }))
}

/** searchCategories: the category picker's options (spec 7: paginate 1000, only_children 1). */
export async function searchCategories(search: string) {
  const res = await unwrap(client.GET('/api/v1/admin/categories', { params: { query: { search: search || undefined, paginate: 1000, only_children: true } as never } }))
  return ((res as { data?: { id?: number; name?: string }[] }).data ?? []).map((c) => ({ value: c.id!, label: c.name ?? '' }))
}
