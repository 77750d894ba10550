// 'Dodaj u korpu' (a product card: quantity 1; the product page: the chosen quantity): POST
// cart/items, the analytics event, and the server's message (or its refusal) as a notice.
import { useTranslation } from 'react-i18next'
import type { ProductCard } from '../catalog/format'
import { useAddItem } from '../hooks/api/cart'
import { pushProductEvent } from './dataLayer'
import { errorText } from './errors'
import { showNotice } from './notice'

export interface AddToCartInput {
  product: ProductCard
  quantity: number
}

/** useAddToCart answers the add function and whether a call is under way. */
export function useAddToCart() {
  const { t } = useTranslation()
  const add = useAddItem()
  async function addToCart({ product, quantity }: AddToCartInput): Promise<void> {
    try {
      const r = await add.mutateAsync({ productId: product.id!, quantity, instance: 'cart' })
      pushProductEvent('add_to_cart', product, quantity)
      showNotice('success', r.message ?? t('cart.added'))
    } catch (err) {
      showNotice('error', errorText(err, t))
    }
  }
  return { addToCart, isPending: add.isPending }
}
