// Stand-in: the cart comes with a later issue (the store-browse work owns this file).
import type { components } from '@shop/shared'

export async function addToCart(product: components['schemas']['StorefrontProductCard'], quantity: number): Promise<void> {
  void product
  void quantity
}
