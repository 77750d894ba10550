// One line of the cart or the wish list: image, the name cut at 40 characters (spec 9) linking
// to the product, price, and the note when the price changed since the line was added; the
// page puts its own controls (quantity, remove, move to cart) in the slot.
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { cutName, formatPrice, productPath } from '../../catalog/format'
import type { CartLine } from '../../hooks/api/cart'

export const CART_NAME_MAX = 40

export function CartLineView({ line, children, total = true }: { line: CartLine; children?: ReactNode; total?: boolean }) {
  const { t } = useTranslation()
  const name = line.name
  const href = productPath({ main_category_slug: line.product?.main_category_slug, slug: line.product?.slug })
  const purchasable = line.purchasable !== false
  return (
    <li className={purchasable ? 'cart-line' : 'cart-line cart-line--unavailable'} data-testid="cart-line">
      <Link to={href} className="cart-line__image" tabIndex={-1} aria-hidden="true">
        {line.product?.main_image ? (
          <img src={line.product.main_image} alt="" width={80} height={80} loading="lazy" />
        ) : (
          <span className="cart-line__placeholder" />
        )}
      </Link>
      <div className="cart-line__body">
        <h2 className="cart-line__name">
          <Link to={href} title={Array.from(name).length > CART_NAME_MAX ? name : undefined}>
            {cutName(name, CART_NAME_MAX)}
          </Link>
        </h2>
        <p className="cart-line__price">
          {t('cart.price')}: <strong>{formatPrice(line.price)}</strong>
        </p>
        {line.price_changed && line.price_at_add != null && (
          <p className="cart-line__changed" role="note">
            {t('cart.priceChanged', { old: formatPrice(line.price_at_add), now: formatPrice(line.price) })}
          </p>
        )}
        {!purchasable && (
          <p className="cart-line__unavailable" role="note">
            {t('cart.unavailable')}
          </p>
        )}
        {purchasable && line.in_stock === false && <p className="cart-line__changed">{t('cart.lowStock')}</p>}
      </div>
      <div className="cart-line__controls">{children}</div>
      {total && (
        <p className="cart-line__total" data-testid="line-total">
          {purchasable ? formatPrice(line.line_total) : '—'}
        </p>
      )}
    </li>
  )
}
