// The editable static pages (delivery terms, terms, payment, service, ...): GET pages/{slug}
// in the request's language, and the list for links.
import { useQuery } from '@tanstack/react-query'
import { getContract } from '../../api/contract'

export interface StaticPageData {
  slug: string
  title: string
  body_html: string
  updated_at: string
}

export function useStaticPage(slug: string) {
  return useQuery({
    queryKey: ['storefront', 'pages', slug],
    queryFn: async () =>
      (await getContract<{ data: StaticPageData }>('pages/{slug}', { path: { slug } })).data,
    staleTime: 5 * 60_000,
    retry: false,
  })
}
