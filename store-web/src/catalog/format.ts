// Storefront number rules (spec 9): prices German style with 2 decimals, in RSD with VAT;
// card names cut at 86 characters.
import type { components } from '@shop/shared'

export type ProductCard = components['schemas']['StorefrontProductCard']

/**
 * asCard: a product page's product as a card. Its catalog_stickers are the product's sticker rows,
 * another shape than a card's (name, slug, image), so the card shows none.
 */
export function asCard(p: components['schemas']['StorefrontProduct']): ProductCard {
  return { ...p, catalog_stickers: [] }
}

const money = new Intl.NumberFormat('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 })

/** formatPrice: 1234.5 -> '1.234,50 RSD'. */
export function formatPrice(amount: number): string {
  return `${money.format(amount)} RSD`
}

export const CARD_NAME_MAX = 86

/** cutName shortens a name to max characters plus an ellipsis (spec: 86 on cards, 40 in the cart). */
export function cutName(name: string, max = CARD_NAME_MAX): string {
  const chars = Array.from(name)
  return chars.length > max ? `${chars.slice(0, max).join('').trimEnd()}…` : name
}

/** productPath is a product's page: /kategorije/{main category slug}/proizvodi/{slug}. */
export function productPath(p: Pick<ProductCard, 'main_category_slug' | 'slug'>): string {
  return `/kategorije/${p.main_category_slug}/proizvodi/${p.slug}`
}

/** categoryPath is a category's page. */
export function categoryPath(slug: string): string {
  return `/kategorije/${slug}`
}

/** searchPath is the results page of a query (the query path-escaped). */
export function searchPath(query: string): string {
  return `/pretraga-proizvoda/${encodeURIComponent(query.trim())}`
}
