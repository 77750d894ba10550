// The wish list's seam: the card's heart calls addToWishlist. The wish list arrives in a later
// issue (POST cart/items with instance wishlist; 'Proizvod dodat u listu želja!'; a product
// already there goes to the wish list); until then the heart opens the wish-list page.
import type { Navigate } from './addToCart'
import type { ProductCard } from '../catalog/format'
import { paths } from '../routes/paths'

export function addToWishlist({ navigate }: { product: ProductCard; navigate: Navigate }): void {
  navigate(paths.wishlist)
}
