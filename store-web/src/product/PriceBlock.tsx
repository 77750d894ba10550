// The product page's price: the shown price, the struck retail price and the saving (the API
// applies the price rules), and the guests' note about the logged-in discount.
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { paths } from '../routes/paths'
import { useIsLoggedIn } from '../session/loginState'
import { formatPrice } from './format'

export function PriceBlock({
  price,
  retail,
  saving,
  loginDiscount = false,
}: {
  price?: number
  retail?: number
  saving?: number
  /** loginDiscount: logging in lowers this product's price (only then the note promises it). */
  loginDiscount?: boolean
}) {
  const { t } = useTranslation()
  const loggedIn = useIsLoggedIn()
  const struck = (retail ?? 0) > (price ?? 0)
  return (
    <div className="price-block" data-testid="price-block">
      {struck && (
        <p className="price-block__retail">
          <span className="visually-hidden">{t('product.price.retail')} </span>
          <s data-testid="retail-price">{formatPrice(retail)}</s>
        </p>
      )}
      <p className="price-block__price">
        <span className="visually-hidden">{t('product.price.price')} </span>
        <strong data-testid="shown-price">{formatPrice(price)}</strong>
      </p>
      {struck && (saving ?? 0) > 0 && (
        <p className="price-block__saving" data-testid="saving">
          {t('product.price.saving', { amount: formatPrice(saving) })}
        </p>
      )}
      <p className="price-block__vat">{t('product.price.vat')}</p>
      {!loggedIn && loginDiscount && (
        <p className="price-block__login">
          <Link to={paths.login}>{t('product.price.loginNote')}</Link>
        </p>
      )}
    </div>
  )
}
