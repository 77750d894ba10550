// The card's heart: a product already in the wish list opens the wish list (spec "Product
// card"); else POST cart/items with instance wishlist, the analytics event and
// 'Proizvod dodat u listu želja!' (the server's message).
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import type { ProductCard } from '../catalog/format'
import { hasProduct, useAddItem, useWishlist } from '../hooks/api/cart'
import { paths } from '../routes/paths'
import { pushProductEvent } from './dataLayer'
import { errorText } from './errors'
import { showNotice } from './notice'

export function useAddToWishlist() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const wishlist = useWishlist()
  const add = useAddItem()
  async function addToWishlist(product: ProductCard): Promise<void> {
    if (hasProduct(wishlist.data, product.id)) {
      navigate(paths.wishlist)
      return
    }
    try {
      const r = await add.mutateAsync({ productId: product.id!, quantity: 1, instance: 'wishlist' })
      pushProductEvent('add_to_wishlist', product)
      showNotice('success', r.message ?? t('wishlist.added'))
    } catch (err) {
      showNotice('error', errorText(err, t))
    }
  }
  return { addToWishlist, isPending: add.isPending }
}
