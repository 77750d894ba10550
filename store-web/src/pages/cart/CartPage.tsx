// /korpa: the cart's lines with quantity +/- (1-99), remove and empty, each line's price and
// total, the cart's total (purchasable lines only: the server's total) and the way to the
// purchase completion. 'Nema proizvoda u korpi.' when empty.
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { errorText } from '../../cart/errors'
import { showNotice } from '../../cart/notice'
import { formatPrice } from '../../catalog/format'
import { QTY_MAX, QTY_MIN, useCart, useClearList, useRemoveItem, useSetQuantity, type CartLine } from '../../hooks/api/cart'
import { paths } from '../../routes/paths'
import { useDocumentTitle } from '../../shell/useDocumentTitle'
import { CartLineView } from './CartLineView'
import './cart.css'

export function CartPage() {
  const { t } = useTranslation()
  useDocumentTitle(t('cart.title'))
  const cart = useCart()
  const clear = useClearList()
  const items = cart.data?.items ?? []

  return (
    <div className="container cart-page">
      <h1>{t('cart.title')}</h1>
      {cart.isPending && <p className="muted">{t('cart.loading')}</p>}
      {cart.isError && (
        <p className="alert alert--error" role="alert">
          {t('cart.loadError')}
        </p>
      )}
      {cart.data && items.length === 0 && <p className="cart-empty">{t('cart.empty')}</p>}
      {items.length > 0 && (
        <>
          <ul className="cart-lines" aria-label={t('cart.lines')}>
            {items.map((l) => (
              <CartLineView key={l.product_id} line={l}>
                <LineControls line={l} />
              </CartLineView>
            ))}
          </ul>
          <div className="cart-summary card">
            <p className="cart-summary__total">
              {t('cart.total')}: <strong data-testid="cart-total">{formatPrice(cart.data?.total ?? 0)}</strong>
            </p>
            <p className="muted">{t('cart.vatAndDelivery')}</p>
            <div className="cart-summary__actions">
              <button
                type="button"
                className="btn btn--ghost"
                disabled={clear.isPending}
                onClick={() =>
                  clear.mutate('cart', { onError: (err) => showNotice('error', errorText(err, t)) })
                }
              >
                {t('cart.clear')}
              </button>
              {(cart.data?.count ?? 0) > 0 && (
                <Link to={paths.checkout} className="btn btn--accent btn--lg">
                  {t('cart.toCheckout')}
                </Link>
              )}
            </div>
          </div>
        </>
      )}
    </div>
  )
}

function LineControls({ line }: { line: CartLine }) {
  const { t } = useTranslation()
  const setQty = useSetQuantity()
  const remove = useRemoveItem()
  const qty = line.quantity ?? 1
  const name = line.name
  const busy = setQty.isPending || remove.isPending
  const onError = (err: unknown) => showNotice('error', errorText(err, t))
  const change = (n: number) => {
    const next = Math.min(QTY_MAX, Math.max(QTY_MIN, n))
    if (next !== qty) setQty.mutate({ productId: line.product_id!, quantity: next, instance: 'cart' }, { onError })
  }
  return (
    <>
      <div className="qty__controls" role="group" aria-label={t('cart.quantityOf', { name })}>
        <button type="button" aria-label={t('cart.less', { name })} disabled={busy || qty <= QTY_MIN} onClick={() => change(qty - 1)}>
          −
        </button>
        <output aria-label={t('cart.quantity')} data-testid="line-quantity">
          {qty}
        </output>
        <button type="button" aria-label={t('cart.more', { name })} disabled={busy || qty >= QTY_MAX} onClick={() => change(qty + 1)}>
          +
        </button>
      </div>
      <button
        type="button"
        className="linklike cart-line__remove"
        disabled={busy}
        onClick={() => remove.mutate({ productId: line.product_id!, instance: 'cart' }, { onError })}
      >
        {t('cart.remove')}
        <span className="visually-hidden">: {name}</span>
      </button>
    </>
  )
}

export default CartPage
