// /lista-zelja: the wish list's lines with 'move to cart' and remove each, and 'move all to
// cart'; the products that could not move (not purchasable) are listed after a move-all.
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { errorText } from '../../cart/errors'
import { showNotice } from '../../cart/notice'
import { cutName } from '../../catalog/format'
import { useMoveToCart, useRemoveItem, useWishlist, type CartLine } from '../../hooks/api/cart'
import { useDocumentTitle } from '../../shell/useDocumentTitle'
import { CART_NAME_MAX, CartLineView } from './CartLineView'
import './cart.css'

export function WishlistPage() {
  const { t } = useTranslation()
  useDocumentTitle(t('wishlist.title'))
  const wishlist = useWishlist()
  const move = useMoveToCart()
  const [unavailable, setUnavailable] = useState<CartLine[]>([])
  const items = wishlist.data?.items ?? []

  const moveAll = () =>
    move.mutate(undefined, {
      onSuccess: (m) => {
        setUnavailable(m.unavailable ?? [])
        showNotice('success', m.message)
      },
      onError: (err) => showNotice('error', errorText(err, t)),
    })

  return (
    <div className="container cart-page">
      <h1>{t('wishlist.title')}</h1>
      {wishlist.isPending && <p className="muted">{t('cart.loading')}</p>}
      {wishlist.isError && (
        <p className="alert alert--error" role="alert">
          {t('cart.loadError')}
        </p>
      )}
      {unavailable.length > 0 && (
        <div className="alert alert--error" role="alert" data-testid="unavailable">
          <p>{t('wishlist.unavailable')}</p>
          <ul>
            {unavailable.map((l) => (
              <li key={l.product_id}>{cutName(l.name, CART_NAME_MAX)}</li>
            ))}
          </ul>
        </div>
      )}
      {wishlist.data && items.length === 0 && <p className="cart-empty">{t('wishlist.empty')}</p>}
      {items.length > 0 && (
        <>
          <ul className="cart-lines" aria-label={t('wishlist.lines')}>
            {items.map((l) => (
              <CartLineView key={l.product_id} line={l} total={false}>
                <WishlistControls line={l} onMoved={() => setUnavailable([])} />
              </CartLineView>
            ))}
          </ul>
          <div className="cart-summary__actions">
            <button type="button" className="btn btn--accent btn--lg" disabled={move.isPending} onClick={moveAll}>
              {t('wishlist.moveAll')}
            </button>
          </div>
        </>
      )}
    </div>
  )
}

function WishlistControls({ line, onMoved }: { line: CartLine; onMoved: () => void }) {
  const { t } = useTranslation()
  const move = useMoveToCart()
  const remove = useRemoveItem()
  const name = line.name
  const busy = move.isPending || remove.isPending
  const onError = (err: unknown) => showNotice('error', errorText(err, t))
  return (
    <>
      {line.purchasable !== false && (
        <button
          type="button"
          className="btn btn--primary"
          disabled={busy}
          onClick={() =>
            move.mutate(line.product_id, {
              onSuccess: (m) => {
                onMoved()
                showNotice('success', m.message)
              },
              onError,
            })
          }
        >
          {t('wishlist.moveOne')}
          <span className="visually-hidden">: {name}</span>
        </button>
      )}
      <button
        type="button"
        className="linklike cart-line__remove"
        disabled={busy}
        onClick={() => remove.mutate({ productId: line.product_id!, instance: 'wishlist' }, { onError })}
      >
        {t('cart.remove')}
        <span className="visually-hidden">: {name}</span>
      </button>
    </>
  )
}

export default WishlistPage
