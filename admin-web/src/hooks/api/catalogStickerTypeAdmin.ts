// Actions (catalog sticker types) in the back office: the paged list with search, add and edit
// (multipart: name, slug, from, to, sticker, desktop_image; edit as POST with _method=PATCH).
// Keys start with the lookup's prefix, so a change refreshes the sticker pickers too.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { components } from '@shop/shared'
import { client, unwrap } from '../../api/client'
import { catalogStickerTypeKeys } from './catalogStickerTypes'

export type StickerTypeRow = components['schemas']['CatalogStickerType']

export interface StickerTypeQuery {
  page?: number
  paginate?: number
  search?: string
}

export function useStickerTypeList(q: StickerTypeQuery) {
  return useQuery({
    queryKey: [...catalogStickerTypeKeys.all, 'admin', q],
    queryFn: async () => unwrap(client.GET('/api/v1/admin/catalog-sticker-types', { params: { query: { ...q, search: q.search || undefined } } })),
    placeholderData: keepPreviousData,
  })
}

export interface StickerTypeValues {
  name: string
  slug?: string
  from: string
  to: string
  sticker?: File
  desktop_image?: File
}

export function stickerTypeFormData(v: StickerTypeValues, method?: 'PATCH'): FormData {
  const fd = new FormData()
  if (method) fd.append('_method', method)
  fd.append('name', v.name)
  fd.append('slug', v.slug ?? '')
  fd.append('from', v.from)
  fd.append('to', v.to)
  if (v.sticker) fd.append('sticker', v.sticker)
  if (v.desktop_image) fd.append('desktop_image', v.desktop_image)
  return fd
}

export function useSaveStickerType() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: ({ id, values }: { id?: number; values: StickerTypeValues }) =>
      id
        ? unwrap(client.POST('/api/v1/admin/catalog-sticker-types/{id}', { params: { path: { id } }, body: {} as never, bodySerializer: () => stickerTypeFormData(values, 'PATCH') }))
        : unwrap(client.POST('/api/v1/admin/catalog-sticker-types', { body: {} as never, bodySerializer: () => stickerTypeFormData(values) })),
    onSuccess: () => void qc.invalidateQueries({ queryKey: catalogStickerTypeKeys.all }),
  })
}
