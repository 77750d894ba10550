// The storefront's news: the paginated list (GET news) and one post (GET news/{id}).
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { getContract, type Paged } from '../../api/contract'

export interface NewsItem {
  id: number
  title: string
  excerpt: string
  image_url: string | null
  published_at: string
}

export interface NewsPost {
  id: number
  title: string
  body_html: string
  image_url: string | null
  published_at: string
}

export const newsPageSize = 12

export function useNewsList(page: number, paginate = newsPageSize) {
  return useQuery({
    queryKey: ['storefront', 'news', 'list', page, paginate],
    queryFn: () => getContract<Paged<NewsItem[]>>('news', { query: { page, paginate } }),
    placeholderData: keepPreviousData,
    retry: false,
  })
}

export function useNewsPost(id: string) {
  return useQuery({
    queryKey: ['storefront', 'news', 'post', id],
    queryFn: async () => (await getContract<{ data: NewsPost }>('news/{id}', { path: { id } })).data,
    retry: false,
  })
}
