// The newsletter (view_newsletter-product): the subscribers (list with count, CSV and XLSX
// download) and the products chosen for the next mailing (add, remove, order). Every change
// answers the whole product list, which replaces the cached one.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { components } from '@shop/shared'
import { client, unwrap, type Meta } from '../../api/client'

export type Subscriber = components['schemas']['NewsletterSubscriber']
export type NewsletterProduct = components['schemas']['NewsletterProduct']
export type SubscriberStatus = 'all' | 'confirmed' | 'pending' | 'unsubscribed'

export interface SubscriberQuery {
  page: number
  paginate: number
  status: SubscriberStatus
  search?: string
}

export const newsletterKeys = {
  all: ['newsletter'] as const,
  subscribers: (q: SubscriberQuery) => [...newsletterKeys.all, 'subscribers', q] as const,
  products: () => [...newsletterKeys.all, 'products'] as const,
}

const filter = (q: { status: SubscriberStatus; search?: string }) => ({ status: q.status === 'all' ? undefined : q.status, search: q.search || undefined })

export function useSubscribers(q: SubscriberQuery) {
  return useQuery({
    queryKey: newsletterKeys.subscribers(q),
    queryFn: async () =>
      (await unwrap(client.GET('/api/v1/admin/newsletter/subscribers', { params: { query: { page: q.page, paginate: q.paginate, ...filter(q) } } }))) as {
        data: Subscriber[]
        meta?: Meta
      },
    placeholderData: keepPreviousData,
  })
}

/** downloadSubscribers fetches the export with the session and hands it to the browser. */
export async function downloadSubscribers(format: 'csv' | 'xlsx', q: { status: SubscriberStatus; search?: string }): Promise<void> {
  const { data, error } = await client.GET('/api/v1/admin/newsletter/subscribers/export', {
    params: { query: { format, ...filter(q) } },
    parseAs: 'blob',
  })
  if (error || !data) throw error ?? new Error('download')
  const url = URL.createObjectURL(data as Blob)
  const a = document.createElement('a')
  a.href = url
  a.download = `newsletter-subscribers.${format}`
  a.click()
  URL.revokeObjectURL(url)
}

export function useNewsletterProducts() {
  return useQuery({
    queryKey: newsletterKeys.products(),
    queryFn: async () => (await unwrap(client.GET('/api/v1/admin/newsletter/products'))).data ?? [],
  })
}

function useProductsChange<V>(fn: (v: V) => Promise<{ data?: NewsletterProduct[] }>) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: fn,
    onSuccess: (res) => qc.setQueryData(newsletterKeys.products(), res.data ?? []),
  })
}

export function useAddNewsletterProduct() {
  return useProductsChange((productId: number) => unwrap(client.POST('/api/v1/admin/newsletter/products', { body: { product_id: productId } })))
}

export function useRemoveNewsletterProduct() {
  return useProductsChange((productId: number) =>
    unwrap(client.DELETE('/api/v1/admin/newsletter/products/{id}', { params: { path: { id: productId } } })),
  )
}

/** useOrderNewsletterProducts: ids must be every product on the list, each once. */
export function useOrderNewsletterProducts() {
  return useProductsChange((ids: number[]) => unwrap(client.PUT('/api/v1/admin/newsletter/products/order', { body: { product_ids: ids } })))
}
