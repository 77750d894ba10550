// One product of the back office (admin/products/{id}) and what hangs on it: the product itself
// (create, update), its images, energy sticker, catalog stickers and attribute values. Every key
// starts with 'products', the products list's prefix, and every change invalidates that prefix,
// so the list and the detail never show an old product.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  api,
  type DataResponse,
  type Image,
  type MessageResponse,
  type ProductAttribute,
  type ProductBody,
  type ProductCatalogSticker,
  type ProductCreated,
  type ProductDetail,
} from '../../api/catalogDetailTypes'

export const productDetailKeys = {
  all: ['products'] as const,
  details: () => [...productDetailKeys.all, 'detail'] as const,
  detail: (id: number) => [...productDetailKeys.details(), id] as const,
  images: (id: number) => [...productDetailKeys.detail(id), 'images'] as const,
  attributes: (id: number) => [...productDetailKeys.detail(id), 'attributes'] as const,
  catalogStickers: (id: number) => [...productDetailKeys.detail(id), 'catalog-stickers'] as const,
}

const base = (id: number) => `admin/products/${id}`

export const productQuery = (id: number) =>
  queryOptions({
    queryKey: productDetailKeys.detail(id),
    queryFn: async () => (await api.get<DataResponse<ProductDetail>>(base(id), { include: 'mainCategory,mainImage,categories,brand' })).data,
    // a missing product is the page's own not-found state, not a toast
    meta: { quiet: true },
  })

export function useProduct(id: number) {
  return useQuery({ ...productQuery(id), enabled: id > 0 })
}

/** useProductChange: a mutation that refreshes everything under 'products' when it succeeds. */
function useProductChange<V, R = MessageResponse>(fn: (v: V) => Promise<R>, meta?: Record<string, unknown>) {
  const qc = useQueryClient()
  return useMutation({ mutationFn: fn, meta, onSuccess: () => qc.invalidateQueries({ queryKey: productDetailKeys.all }) })
}

export function useCreateProduct() {
  return useProductChange((body: ProductBody) => api.post<ProductCreated>('admin/products', body))
}

export function useUpdateProduct(id: number) {
  return useProductChange((body: ProductBody) => api.patch<DataResponse<ProductDetail>>(base(id), body))
}

// ---- images

export function useProductImages(id: number) {
  return useQuery({
    queryKey: productDetailKeys.images(id),
    queryFn: async () => (await api.get<DataResponse<Image[]>>(`${base(id)}/images`)).data ?? [],
    enabled: id > 0,
  })
}

function form(entries: [string, Blob][]): FormData {
  const fd = new FormData()
  for (const [k, v] of entries) fd.append(k, v)
  return fd
}

export function useUploadMainImage() {
  return useProductChange(({ id, file }: { id: number; file: File }) => api.upload(`${base(id)}/main-images`, form([['image', file]])))
}

export function useUploadImages() {
  return useProductChange(({ id, files }: { id: number; files: File[] }) =>
    api.upload(`${base(id)}/images`, form(files.map((f) => ['images[]', f]))),
  )
}

export function useDeleteImage(id: number) {
  return useProductChange((imageId: number) => api.delete(`${base(id)}/images/${imageId}`))
}

// ---- energy sticker

export function useUploadEnergySticker(id: number) {
  return useProductChange((file: File) => api.upload(`${base(id)}/energy-sticker`, form([['sticker', file]])))
}

export function useDeleteEnergySticker(id: number) {
  return useProductChange(() => api.delete(`${base(id)}/energy-sticker/delete`))
}

// ---- catalog stickers

export interface CatalogStickerBody {
  catalog_sticker_type_id: number
  /** YYYY-MM-DD */
  from: string
  to: string
  active: boolean
}

export function useProductCatalogStickers(id: number) {
  return useQuery({
    queryKey: productDetailKeys.catalogStickers(id),
    queryFn: async () => (await api.get<DataResponse<ProductCatalogSticker[]>>(`${base(id)}/catalog-stickers`)).data ?? [],
    enabled: id > 0,
  })
}

export function useAddCatalogSticker(id: number) {
  return useProductChange((body: CatalogStickerBody) => api.post(`${base(id)}/catalog-stickers`, body))
}

export function useDeleteCatalogSticker(id: number) {
  return useProductChange((stickerId: number) => api.delete(`${base(id)}/catalog-stickers/${stickerId}`))
}

// ---- attributes

export function useProductAttributes(id: number) {
  return useQuery({
    queryKey: productDetailKeys.attributes(id),
    queryFn: async () => (await api.get<DataResponse<ProductAttribute[]>>(`${base(id)}/attributes`)).data ?? [],
    enabled: id > 0,
  })
}

/** useSetAttributeValue gives the product's attribute one of the attribute's existing values. */
export function useSetAttributeValue(id: number) {
  return useProductChange(({ attributeId, valueId }: { attributeId: number; valueId: number }) =>
    api.post(`${base(id)}/attributes/${attributeId}/values-existing`, { attribute_value_id: valueId }),
  )
}

/** useAddAttributeValue creates a new value of the attribute and gives it to the product. */
export function useAddAttributeValue(id: number) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: ({ attributeId, value }: { attributeId: number; value: string }) =>
      api.post(`${base(id)}/attributes/${attributeId}/values-new`, { value }),
    onSuccess: (_r, { attributeId }) => {
      void qc.invalidateQueries({ queryKey: productDetailKeys.all })
      // the attribute has one value more
      void qc.invalidateQueries({ queryKey: ['attributes', 'detail', attributeId] })
    },
  })
}
