// The shop's identity (name, address, phones, e-mail, numbers) comes from GET shop: the
// company data staff keep in the admin, with the server's config defaults, the same data the
// mails, proforma invoices and feeds carry. Only the social links live here.
import { unwrap } from '@shop/shared'
import { useQuery } from '@tanstack/react-query'
import { api } from './api/client'

export interface ShopInfo {
  /** The name pages show (the registered name without its legal form). */
  name: string
  legal_name: string
  address: string
  /** In staff's order: the first is the main line. */
  phones: string[]
  email: string
  web: string
  pib: string
  registration_number: string
  account: string
}

export const social = [
  { key: 'facebook', label: 'Facebook', url: 'https://www.facebook.com/elektromarket.rs' },
  { key: 'instagram', label: 'Instagram', url: 'https://www.instagram.com/elektromarket.rs' },
  { key: 'linkedin', label: 'LinkedIn', url: 'https://www.linkedin.com/company/elektromarket-rs' },
  { key: 'youtube', label: 'YouTube', url: 'https://www.youtube.com/@elektromarket-rs' },
] as const

/** The name the server put in the page (og:site_name), so the header has it before GET shop answers. */
function pageSiteName(): string {
  if (typeof document === 'undefined') return ''
  return document.querySelector('meta[property="og:site_name"]')?.getAttribute('content') ?? ''
}

function placeholder(): ShopInfo {
  return { name: pageSiteName(), legal_name: '', address: '', phones: [], email: '', web: '', pib: '', registration_number: '', account: '' }
}

/** useShop answers the shop's identity; until it is loaded, the page's name and no numbers. */
export function useShop(): ShopInfo & { social: typeof social } {
  const q = useQuery({
    queryKey: ['storefront', 'shop'],
    queryFn: async () => (await unwrap(api.GET('/api/v1/shop'))).data as ShopInfo,
    staleTime: 10 * 60_000,
  })
  return { ...(q.data ?? placeholder()), social }
}

/** telHref makes a dialable link from a local Serbian number. */
export function telHref(phone: string): string {
  return `tel:+381${phone.replace(/\D/g, '').replace(/^0/, '')}`
}
