// The storefront's content in the back office: banners (multipart with images), news
// (multipart, rich-text body), the home screen (products, categories, sections) and the static
// pages. Every change refreshes its list; the server's message becomes the shared toast.
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { components } from '@shop/shared'
import { client, unwrap } from '../../api/client'
import { quiet } from './lookupCache'

export type AdminBanner = components['schemas']['AdminBanner']
export type BannerPosition = components['schemas']['BannerPosition']
export type AdminNews = components['schemas']['AdminNews']
export type AdminSection = components['schemas']['AdminSection']
export type ContentProductRef = components['schemas']['ContentProductRef']
export type AdminCategoryRef = components['schemas']['AdminCategoryRef']
export type AdminPage = components['schemas']['AdminPage']
export type AdminPageListItem = components['schemas']['AdminPageListItem']

export interface ContentListQuery {
  page?: number
  paginate?: number
  search?: string
  position?: string
}

export const contentKeys = {
  banners: ['content', 'banners'] as const,
  bannerList: (q: ContentListQuery) => [...contentKeys.banners, 'list', q] as const,
  banner: (id: number) => [...contentKeys.banners, id] as const,
  positions: ['content', 'banner-positions'] as const,
  news: ['content', 'news'] as const,
  newsList: (q: ContentListQuery) => [...contentKeys.news, 'list', q] as const,
  newsItem: (id: number) => [...contentKeys.news, id] as const,
  home: ['content', 'home'] as const,
  homeProducts: () => [...contentKeys.home, 'products'] as const,
  homeCategories: () => [...contentKeys.home, 'categories'] as const,
  sections: () => [...contentKeys.home, 'sections'] as const,
  section: (id: number) => [...contentKeys.home, 'sections', id] as const,
  pages: ['content', 'pages'] as const,
  page: (slug: string) => [...contentKeys.pages, slug] as const,
}

function useChange<V>(fn: (v: V) => Promise<unknown>, key: readonly unknown[]) {
  const qc = useQueryClient()
  return useMutation({ mutationFn: fn, onSuccess: () => void qc.invalidateQueries({ queryKey: key }) })
}

// banners

export function useBanners(q: ContentListQuery) {
  return useQuery({
    queryKey: contentKeys.bannerList(q),
    queryFn: async () =>
      await unwrap(client.GET('/api/v1/admin/banners', { params: { query: { ...q, search: q.search || undefined, position: q.position || undefined } } })),
    placeholderData: keepPreviousData,
  })
}

export function useBanner(id: number) {
  return useQuery({
    queryKey: contentKeys.banner(id),
    queryFn: async () => (await unwrap(client.GET('/api/v1/admin/banners/{id}', { params: { path: { id } } }))).data,
  })
}

export function useBannerPositions() {
  return useQuery({
    queryKey: contentKeys.positions,
    queryFn: async () => (await unwrap(client.GET('/api/v1/banner-positions'))).data ?? [],
    staleTime: 10 * 60_000,
  })
}

export interface BannerValues {
  name: string
  position?: string
  order?: number | null
  link?: string
  category_id?: number | null
  brand_id?: number | null
  product_ids?: number[]
  image?: File | null
  mobile_image?: File | null
  remove_mobile_image?: boolean
}

/** bannerForm: the multipart body of add and edit (product_ids[n], files only when chosen). */
export function bannerForm(v: BannerValues): FormData {
  const fd = new FormData()
  fd.append('name', v.name)
  fd.append('position', v.position ?? '')
  fd.append('order', String(v.order ?? 0))
  fd.append('link', v.link ?? '')
  if (v.category_id) fd.append('category_id', String(v.category_id))
  if (v.brand_id) fd.append('brand_id', String(v.brand_id))
  ;(v.product_ids ?? []).forEach((id, n) => fd.append(`product_ids[${n}]`, String(id)))
  if (v.image) fd.append('image', v.image)
  if (v.mobile_image) fd.append('mobile_image', v.mobile_image)
  if (v.remove_mobile_image) fd.append('remove_mobile_image', '1')
  return fd
}

export function useSaveBanner() {
  return useChange(
    ({ id, values }: { id?: number; values: BannerValues }) =>
      id
        ? unwrap(client.PUT('/api/v1/admin/banners/{id}', { params: { path: { id } }, body: {} as never, bodySerializer: () => bannerForm(values) }))
        : unwrap(client.POST('/api/v1/admin/banners', { body: {} as never, bodySerializer: () => bannerForm(values) })),
    contentKeys.banners,
  )
}

export function useDeleteBanner() {
  return useChange((id: number) => unwrap(client.DELETE('/api/v1/admin/banners/{id}', { params: { path: { id } } })), contentKeys.banners)
}

// news

export function useNewsList(q: ContentListQuery) {
  return useQuery({
    queryKey: contentKeys.newsList(q),
    queryFn: async () =>
      await unwrap(client.GET('/api/v1/admin/news', { params: { query: { page: q.page, paginate: q.paginate, search: q.search || undefined } } })),
    placeholderData: keepPreviousData,
  })
}

export function useNewsItem(id: number) {
  return useQuery({
    queryKey: contentKeys.newsItem(id),
    queryFn: async () => (await unwrap(client.GET('/api/v1/admin/news/{id}', { params: { path: { id } } }))).data,
  })
}

export interface NewsValues {
  title: string
  body: string
  image?: File | null
  remove_image?: boolean
}

export function newsForm(v: NewsValues): FormData {
  const fd = new FormData()
  fd.append('title', v.title)
  fd.append('body', v.body)
  if (v.image) fd.append('image', v.image)
  if (v.remove_image) fd.append('remove_image', '1')
  return fd
}

export function useSaveNews() {
  return useChange(
    ({ id, values }: { id?: number; values: NewsValues }) =>
      id
        ? unwrap(client.PUT('/api/v1/admin/news/{id}', { params: { path: { id } }, body: {} as never, bodySerializer: () => newsForm(values) }))
        : unwrap(client.POST('/api/v1/admin/news', { body: {} as never, bodySerializer: () => newsForm(values) })),
    contentKeys.news,
  )
}

export function useDeleteNews() {
  return useChange((id: number) => unwrap(client.DELETE('/api/v1/admin/news/{id}', { params: { path: { id } } })), contentKeys.news)
}

// home screen

export function useHomeProducts() {
  return useQuery({
    queryKey: contentKeys.homeProducts(),
    queryFn: async () => (await unwrap(client.GET('/api/v1/admin/home/products'))).data ?? [],
  })
}

export function useSetHomeProducts() {
  return useChange(
    (product_ids: number[]) => unwrap(client.PUT('/api/v1/admin/home/products', { body: { product_ids } })),
    contentKeys.homeProducts(),
  )
}

export function useHomeCategories() {
  return useQuery({
    queryKey: contentKeys.homeCategories(),
    queryFn: async () => (await unwrap(client.GET('/api/v1/admin/home/categories'))).data ?? [],
  })
}

export function useSetHomeCategories() {
  return useChange(
    (category_ids: number[]) => unwrap(client.PUT('/api/v1/admin/home/categories', { body: { category_ids } })),
    contentKeys.homeCategories(),
  )
}

export function useSections() {
  return useQuery({
    queryKey: contentKeys.sections(),
    queryFn: async () => (await unwrap(client.GET('/api/v1/admin/home/sections'))).data ?? [],
  })
}

export function useSection(id: number) {
  return useQuery({
    queryKey: contentKeys.section(id),
    queryFn: async () => (await unwrap(client.GET('/api/v1/admin/home/sections/{id}', { params: { path: { id } } }))).data,
  })
}

export interface SectionValues {
  name: string
  order?: number | null
  show_desktop: boolean
  show_mobile: boolean
  product_ids: number[]
  category_ids: number[]
}

export function sectionBody(v: SectionValues) {
  return {
    name: v.name.trim(),
    ...(v.order === null || v.order === undefined ? {} : { order: v.order }),
    show_desktop: !!v.show_desktop,
    show_mobile: !!v.show_mobile,
    product_ids: v.product_ids ?? [],
    category_ids: v.category_ids ?? [],
  }
}

export function useSaveSection() {
  return useChange(
    ({ id, values }: { id?: number; values: SectionValues }) =>
      id
        ? unwrap(client.PUT('/api/v1/admin/home/sections/{id}', { params: { path: { id } }, body: sectionBody(values) }))
        : unwrap(client.POST('/api/v1/admin/home/sections', { body: sectionBody(values) })),
    contentKeys.home,
  )
}

export function useDeleteSection() {
  return useChange((id: number) => unwrap(client.DELETE('/api/v1/admin/home/sections/{id}', { params: { path: { id } } })), contentKeys.home)
}

// static pages

export function usePages() {
  return useQuery({
    queryKey: contentKeys.pages,
    queryFn: async () => (await unwrap(client.GET('/api/v1/admin/pages'))).data ?? [],
  })
}

export function usePage(slug: string) {
  return useQuery({
    queryKey: contentKeys.page(slug),
    queryFn: async () => (await unwrap(client.GET('/api/v1/admin/pages/{slug}', { params: { path: { slug } } }))).data,
  })
}

export interface PageValues {
  title_sr: string
  title_en: string
  body_sr: string
  body_en: string
}

export function useSavePage() {
  return useChange(
    ({ slug, values }: { slug: string; values: PageValues }) =>
      unwrap(client.PUT('/api/v1/admin/pages/{slug}', { params: { path: { slug } }, body: values })),
    contentKeys.pages,
  )
}

/** contentProductSearch: any product by name or SKU (the banner and section product pickers). */
export const contentProductSearch = (q: { search?: string; paginate: number }) =>
  queryOptions({
    queryKey: ['products', 'content-picker', q] as const,
    queryFn: async () =>
      (await unwrap(client.GET('/api/v1/admin/products', { params: { query: { search: q.search || undefined, paginate: Math.min(q.paginate, 100) } } }))).data ?? [],
    placeholderData: keepPreviousData,
    meta: quiet,
  })
