import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { client } from '../../api/client'
import { useAttachAttributes } from './categoryAdmin'
import { productDetailKeys, useSetAttributeValue, useUpdateProduct, useUploadImages } from './productDetail'
import { supplierAdminKeys, useDisconnect } from './supplierProducts'

function ok(body: unknown) {
  return { data: body, error: undefined, response: new Response(null, { status: 200 }) }
}

const newClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } })
const wrapper = (qc: QueryClient) => ({ children }: { children: ReactNode }) => <QueryClientProvider client={qc}>{children}</QueryClientProvider>

afterEach(() => vi.restoreAllMocks())

// the products list's key, as the list module builds it: ['products', 'list', query]
const productList = ['products', 'list', { page: 1 }]

describe('product detail hooks', () => {
  it('useUpdateProduct patches the product and invalidates the products list and the detail', async () => {
    const patch = vi.spyOn(client, 'PATCH').mockResolvedValue(ok({ message: 'Proizvod je uspešno izmenjen.', data: { id: 5 } }) as never)
    const qc = newClient()
    qc.setQueryData(productList, { data: [] })
    qc.setQueryData(productDetailKeys.detail(5), { id: 5 })
    qc.setQueryData(['users', 'list', {}], { data: [] })
    const { result } = renderHook(() => useUpdateProduct(5), { wrapper: wrapper(qc) })
    const body = { name: 'TV', entry_price: 1, description: '', categories: [1], active: true, visible: true }
    await result.current.mutateAsync(body)
    expect(patch).toHaveBeenCalledWith('/api/v1/admin/products/{id}', { params: { path: { id: 5 } }, body })
    expect(qc.getQueryState(productList)?.isInvalidated).toBe(true)
    expect(qc.getQueryState(productDetailKeys.detail(5))?.isInvalidated).toBe(true)
    expect(qc.getQueryState(['users', 'list', {}])?.isInvalidated).toBe(false)
  })

  it('useUploadImages sends every file as images[] in one multipart call', async () => {
    const post = vi.spyOn(client, 'POST').mockResolvedValue(ok({ message: 'Slike su uspešno dodate.' }) as never)
    const { result } = renderHook(() => useUploadImages(), { wrapper: wrapper(newClient()) })
    const a = new File(['a'], 'a.jpg', { type: 'image/jpeg' })
    const b = new File(['b'], 'b.png', { type: 'image/png' })
    await result.current.mutateAsync({ id: 9, files: [a, b] })
    const [path, init] = post.mock.calls[0] as unknown as [string, { params: unknown; body: unknown; bodySerializer: (b: unknown) => FormData }]
    expect(path).toBe('/api/v1/admin/products/{id}/images')
    expect(init.params).toEqual({ path: { id: 9 } })
    expect(init.bodySerializer(init.body).getAll('images[]').map((f) => (f as File).name)).toEqual(['a.jpg', 'b.png'])
  })

  it('useSetAttributeValue posts the existing value to values-existing', async () => {
    const post = vi.spyOn(client, 'POST').mockResolvedValue(ok({ message: 'ok' }) as never)
    const { result } = renderHook(() => useSetAttributeValue(3), { wrapper: wrapper(newClient()) })
    await result.current.mutateAsync({ attributeId: 24, valueId: 70 })
    expect(post).toHaveBeenCalledWith('/api/v1/admin/products/{id}/attributes/{attrId}/values-existing', {
      params: { path: { id: 3, attrId: 24 } },
      body: { attribute_value_id: 70 },
    })
  })
})

describe('category and supplier hooks', () => {
  it('useAttachAttributes sends the ids as {attributes: [{id}]}', async () => {
    const post = vi.spyOn(client, 'POST').mockResolvedValue(ok({ message: 'ok' }) as never)
    const { result } = renderHook(() => useAttachAttributes(4), { wrapper: wrapper(newClient()) })
    await result.current.mutateAsync([7, 8])
    expect(post).toHaveBeenCalledWith('/api/v1/admin/categories/{id}/attributes', { params: { path: { id: 4 } }, body: { attributes: [{ id: 7 }, { id: 8 }] } })
  })

  it('useDisconnect separates the price-list product and reloads the supplier lists and products', async () => {
    const del = vi.spyOn(client, 'DELETE').mockResolvedValue(ok({ message: 'Proizvod je uspešno razdvojen' }) as never)
    const qc = newClient()
    qc.setQueryData(supplierAdminKeys.products(1, true), [])
    qc.setQueryData(productList, { data: [] })
    const { result } = renderHook(() => useDisconnect(), { wrapper: wrapper(qc) })
    await result.current.mutateAsync(12)
    expect(del).toHaveBeenCalledWith('/api/v1/admin/pricelist-products/{id}/connect', { params: { path: { id: 12 } } })
    expect(qc.getQueryState(supplierAdminKeys.products(1, true))?.isInvalidated).toBe(true)
    expect(qc.getQueryState(productList)?.isInvalidated).toBe(true)
  })
})
