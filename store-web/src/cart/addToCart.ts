// The cart's seam: the product card's 'Dodaj u korpu' calls addToCart. The cart arrives in a later
// issue (POST cart/items with quantity 1 from a card); until then it opens the product page,
// where the shopper sees the product's availability. Replace the body, keep the signature.
import type { ProductCard } from '../catalog/format'
import { productPath } from '../catalog/format'

export type Navigate = (to: string) => void

export interface AddToCartInput {
  product: ProductCard
  quantity: number
  navigate: Navigate
}

export function addToCart({ product, navigate }: AddToCartInput): void {
  navigate(productPath(product))
}
