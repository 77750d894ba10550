// The card's heart toggles the product in the wish list: filled when it is there, a click
// takes it out ('Proizvod je uklonjen iz liste želja.'), else puts it in ('Proizvod dodat u
// listu želja!'), each the server's message. (The heart used to open the wish list for a
// product already in it, which looked like a jump away without a word.)
import { useTranslation } from 'react-i18next'
import type { ProductCard } from '../catalog/format'
import { hasProduct, useAddItem, useRemoveItem, useWishlist } from '../hooks/api/cart'
import { pushProductEvent } from './dataLayer'
import { errorText } from './errors'
import { showNotice } from './notice'

export function useToggleWishlist() {
  const { t } = useTranslation()
  const wishlist = useWishlist()
  const add = useAddItem()
  const remove = useRemoveItem()
  const inList = (productId: number | undefined) => hasProduct(wishlist.data, productId)
  async function toggleWishlist(product: ProductCard): Promise<void> {
    try {
      if (inList(product.id)) {
        const r = await remove.mutateAsync({ productId: product.id!, instance: 'wishlist' })
        showNotice('success', r.message ?? t('wishlist.removed'))
        return
      }
      const r = await add.mutateAsync({ productId: product.id!, quantity: 1, instance: 'wishlist' })
      pushProductEvent('add_to_wishlist', product)
      showNotice('success', r.message ?? t('wishlist.added'))
    } catch (err) {
      showNotice('error', errorText(err, t))
    }
  }
  return { toggleWishlist, inList, isPending: add.isPending || remove.isPending }
}
