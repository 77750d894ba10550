// /hvala-na-kupovini/{number}: the order's number, total and payment method; for a bank
// transfer the payment data (account, payee, amount, model and reference, purpose) and the NBS
// IPS QR code to pay by scanning (the order's signed qr_url, valid without login).
import { useTranslation } from 'react-i18next'
import { Link, useLocation, useParams } from 'react-router'
import { formatPrice } from '../catalog/format'
import type { Order } from '../hooks/api/orders'
import { paths } from '../routes/paths'
import { useIsLoggedIn } from '../session/loginState'
import { useDocumentTitle } from '../shell/useDocumentTitle'
import { recallOrder } from './thankYouStore'
import '../pages/cart/cart.css'

export function ThankYouPage() {
  const { t } = useTranslation()
  useDocumentTitle(t('thankYou.title'))
  const { number = '' } = useParams()
  const location = useLocation()
  const loggedIn = useIsLoggedIn()
  const order = (location.state as { order?: Order } | null)?.order ?? recallOrder(number)

  return (
    <div className="container thank-you">
      <h1>{t('thankYou.title')}</h1>
      <p className="thank-you__number">
        {t('thankYou.number')}: <strong data-testid="order-number">{order?.number ?? number}</strong>
      </p>
      {order && (
        <dl className="details">
          <dt>{t('thankYou.total')}</dt>
          <dd data-testid="order-total">{formatPrice(order.total)}</dd>
          <dt>{t('thankYou.paymentMethod')}</dt>
          <dd>{order.payment_method_label || t(`checkout.payment.${order.payment_method}`)}</dd>
        </dl>
      )}
      <p>{t('thankYou.mail')}</p>
      {(order?.payment || order?.qr_url) && (
        <section className="card thank-you__payment" aria-labelledby="pay-title">
          <h2 id="pay-title">{t('thankYou.payTitle')}</h2>
          {order.payment && (
            <dl className="details">
              <dt>{t('thankYou.payee')}</dt>
              <dd>{order.payment.payee}</dd>
              <dt>{t('thankYou.account')}</dt>
              <dd data-testid="pay-account">{formatAccount(order.payment.account)}</dd>
              <dt>{t('thankYou.amount')}</dt>
              <dd>{formatPrice(order.payment.amount)}</dd>
              <dt>{t('thankYou.paymentCode')}</dt>
              <dd>{order.payment.payment_code}</dd>
              <dt>{t('thankYou.model')}</dt>
              <dd>{order.payment.model}</dd>
              <dt>{t('thankYou.reference')}</dt>
              <dd data-testid="pay-reference">{order.payment.reference}</dd>
              <dt>{t('thankYou.purpose')}</dt>
              <dd>{order.payment.purpose}</dd>
            </dl>
          )}
          {order.qr_url && (
            <figure className="thank-you__qr">
              <img src={order.qr_url} alt={t('thankYou.qrAlt')} width={256} height={256} />
              <figcaption>{t('thankYou.qrHint')}</figcaption>
            </figure>
          )}
        </section>
      )}
      <p className="thank-you__links">
        <Link to={paths.home} className="btn btn--primary">
          {t('checkout.continueShopping')}
        </Link>
        {loggedIn && <Link to={paths.accountOrders}>{t('myOrders.title')}</Link>}
      </p>
    </div>
  )
}

/** formatAccount writes an 18-digit account the way Serbian banks print it: 160-0000000012345-95. */
export function formatAccount(a: string): string {
  return /^\d{18}$/.test(a) ? `${a.slice(0, 3)}-${a.slice(3, 16)}-${a.slice(16)}` : a
}

export default ThankYouPage
