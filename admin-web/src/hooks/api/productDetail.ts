import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { ProductBody } from '../../api/catalogTypes'
import type { components } from '@shop/shared'
import { binary, client, formData, unwrap } from '../../api/client'

export const productDetailKeys = {
  all: ['products'] as const,
  details: () => [...productDetailKeys.all, 'detail'] as const,
  detail: (id: number) => [...productDetailKeys.details(), id] as const,
  images: (id: number) => [...productDetailKeys.detail(id), 'images'] as const,
  attributes: (id: number) => [...productDetailKeys.detail(id), 'attributes'] as const,
  catalogStickers: (id: number) => [...productDetailKeys.detail(id), 'catalog-stickers'] as const,
}

const path = (id: number) => ({ params: { path: { id } } })

export const productQuery = (id: number) =>
  queryOptions({
    queryKey: productDetailKeys.detail(id),
    queryFn: async () =>
      (await unwrap(client.GET('/api/v1/admin/products/{id}', { params: { path: { id }, query: { include: 'mainCategory,mainImage,categories,brand' } } })))
        .data,
    // a missing product is the page's own not-found state, not a toast
    meta: { quiet: true },
  })

export function useProduct(id: number) {
  return useQuery({ ...productQuery(id), enabled: id > 0 })
}

/** useProductChange: a mutation that refreshes everything under 'products' when it succeeds. */
function useProductChange<V, R>(fn: (v: V) => Promise<R>, meta?: Record<string, unknown>) {
  const qc = useQueryClient()
  return useMutation({ mutationFn: fn, meta, onSuccess: () => qc.invalidateQueries({ queryKey: productDetailKeys.all }) })
}

/** useCreateProduct: POST admin/products answers 201 {message, data: {product}}. */
export function useCreateProduct() {
  return useProductChange((body: ProductBody) => unwrap(client.POST('/api/v1/admin/products', { body })))
}

export function useUpdateProduct(id: number) {
  return useProductChange((body: ProductBody) => unwrap(client.PATCH('/api/v1/admin/products/{id}', { ...path(id), body })))
}

// ---- images

export function useProductImages(id: number) {
  return useQuery({
    queryKey: productDetailKeys.images(id),
    queryFn: async () => (await unwrap(client.GET('/api/v1/admin/products/{id}/images', path(id)))).data ?? [],
    enabled: id > 0,
  })
}

export function useUploadMainImage() {
  return useProductChange(({ id, file }: { id: number; file: File }) =>
    unwrap(client.POST('/api/v1/admin/products/{id}/main-images', { ...path(id), body: { image: binary(file) }, bodySerializer: formData })),
  )
}

export function useUploadImages() {
  return useProductChange(({ id, files }: { id: number; files: File[] }) =>
    unwrap(client.POST('/api/v1/admin/products/{id}/images', { ...path(id), body: { 'images[]': files.map(binary) }, bodySerializer: formData })),
  )
}

export function useDeleteImage(id: number) {
  return useProductChange((imageId: number) =>
    unwrap(client.DELETE('/api/v1/admin/products/{id}/images/{imageId}', { params: { path: { id, imageId } } })),
  )
}

// ---- energy sticker

export function useUploadEnergySticker(id: number) {
  return useProductChange((file: File) =>
    unwrap(client.POST('/api/v1/admin/products/{id}/energy-sticker', { ...path(id), body: { sticker: binary(file) }, bodySerializer: formData })),
  )
}

export function useDeleteEnergySticker(id: number) {
  return useProductChange(() => unwrap(client.DELETE('/api/v1/admin/products/{id}/energy-sticker/delete', path(id))))
}

// ---- catalog stickers

/** YYYY-MM-DD days */
export type CatalogStickerBody = components['schemas']['CatalogStickerRequest']

export function useProductCatalogStickers(id: number) {
  return useQuery({
    queryKey: productDetailKeys.catalogStickers(id),
    queryFn: async () =>
      (await unwrap(client.GET('/api/v1/admin/products/{id}/catalog-stickers', path(id)))).data ?? [],
    enabled: id > 0,
  })
}

export function useAddCatalogSticker(id: number) {
  return useProductChange((body: CatalogStickerBody) =>
    unwrap(client.POST('/api/v1/admin/products/{id}/catalog-stickers', { ...path(id), body })),
  )
}

export function useDeleteCatalogSticker(id: number) {
  return useProductChange((stickerId: number) =>
    unwrap(client.DELETE('/api/v1/admin/products/{id}/catalog-stickers/{stickerId}', { params: { path: { id, stickerId } } })),
  )
}

// ---- attributes

export function useProductAttributes(id: number) {
  return useQuery({
    queryKey: productDetailKeys.attributes(id),
    queryFn: async () => (await unwrap(client.GET('/api/v1/admin/products/{id}/attributes', path(id)))).data ?? [],
    enabled: id > 0,
  })
}

/** useSetAttributeValue gives the product's attribute one of the attribute's existing values. */
export function useSetAttributeValue(id: number) {
  return useProductChange(({ attributeId, valueId }: { attributeId: number; valueId: number }) =>
    unwrap(
      client.POST('/api/v1/admin/products/{id}/attributes/{attrId}/values-existing', {
        params: { path: { id, attrId: attributeId } },
        body: { attribute_value_id: valueId },
      }),
    ),
  )
}

/** useAddAttributeValue creates a new value of the attribute and gives it to the product. */
export function useAddAttributeValue(id: number) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: ({ attributeId, value }: { attributeId: number; value: string }) =>
      unwrap(
        client.POST('/api/v1/admin/products/{id}/attributes/{attrId}/values-new', { params: { path: { id, attrId: attributeId } }, body: { value } }),
      ),
    onSuccess: (_r, { attributeId }) => {
      void qc.invalidateQueries({ queryKey: productDetailKeys.all })
      // the attribute has one value more
      void qc.invalidateQueries({ queryKey: ['attributes', 'detail', attributeId] })
    },
  })
}
