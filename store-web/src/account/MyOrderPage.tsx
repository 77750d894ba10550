// My account → one order (login required): number, date, status, payment, delivery status and
// time, the addresses, the items at the order's prices, the notes the shop sent the customer, and
// the signed fiscal receipts (journal, verification link, PDF; a simulator's receipt says so).
import { ApiError } from '@shop/shared'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { formatPrice } from '../catalog/format'
import { useMyOrder } from '../hooks/api/orders'
import { paths } from '../routes/paths'
import { useDocumentTitle } from '../shell/useDocumentTitle'
import { formatDate } from './format'
import { OrderReceipts } from './OrderReceipts'
import './account.css'

export function MyOrderPage() {
  const { t } = useTranslation()
  const { orderId = '' } = useParams()
  const order = useMyOrder(orderId)
  const o = order.data
  useDocumentTitle(o?.number ? t('myOrder.title', { number: o.number }) : t('myOrders.title'))

  return (
    <div className="container account-page">
      <p className="account-back">
        <Link to={paths.accountOrders}>‹ {t('myOrders.title')}</Link>
      </p>
      {order.isPending && <p className="muted">{t('myOrders.loading')}</p>}
      {order.isError && (
        <p className="alert alert--error" role="alert">
          {order.error instanceof ApiError && order.error.status === 404 ? order.error.message : t('myOrders.loadError')}
        </p>
      )}
      {o && (
        <>
          <h1>{t('myOrder.title', { number: o.number })}</h1>
          <dl className="details order-details">
            <dt>{t('myOrders.date')}</dt>
            <dd>{formatDate(o.date)}</dd>
            <dt>{t('myOrders.status')}</dt>
            <dd data-testid="order-status">{o.status_label}</dd>
            <dt>{t('thankYou.paymentMethod')}</dt>
            <dd>{o.payment_method_label}</dd>
            {o.delivery_status && (
              <>
                <dt>{t('myOrder.deliveryStatus')}</dt>
                <dd>{o.delivery_status}</dd>
              </>
            )}
            {o.delivery_time && (
              <>
                <dt>{t('myOrder.deliveryTime')}</dt>
                <dd>{o.delivery_time}</dd>
              </>
            )}
            <dt>{t('myOrder.billing')}</dt>
            <dd>
              {o.name}, {o.address}, {o.post_code} {o.city}
            </dd>
            {o.shipping?.address && (
              <>
                <dt>{t('myOrder.shipping')}</dt>
                <dd>
                  {o.shipping.name}, {o.shipping.address}, {o.shipping.post_code} {o.shipping.city}
                </dd>
              </>
            )}
            {o.company_name && (
              <>
                <dt>{t('myOrder.company')}</dt>
                <dd>
                  {o.company_name}
                  {o.company_pib ? `, PIB ${o.company_pib}` : ''}
                </dd>
              </>
            )}
          </dl>

          <h2>{t('myOrder.items')}</h2>
          <table className="orders-table">
            <thead>
              <tr>
                <th scope="col">{t('myOrder.product')}</th>
                <th scope="col">{t('cart.price')}</th>
                <th scope="col">{t('cart.quantity')}</th>
                <th scope="col">{t('myOrders.total')}</th>
              </tr>
            </thead>
            <tbody>
              {(o.items ?? []).map((it) => (
                <tr key={it.product_id}>
                  <td>{it.name}</td>
                  <td>{formatPrice(it.price)}</td>
                  <td>{it.quantity}</td>
                  <td>{formatPrice(it.total)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={3}>
                  {t('cart.total')}
                </th>
                <td data-testid="order-total">{formatPrice(o.total)}</td>
              </tr>
            </tfoot>
          </table>

          <OrderReceipts receipts={o.receipts ?? []} />

          <section className="order-notes" aria-labelledby="notes-title">
            <h2 id="notes-title">{t('myOrder.notes')}</h2>
            {(o.notes ?? []).length === 0 ? (
              <p className="muted">{t('myOrder.noNotes')}</p>
            ) : (
              <ul>
                {(o.notes ?? []).map((n) => (
                  <li key={n.id} className="card order-note">
                    <time dateTime={n.created_at}>{formatDate(n.created_at)}</time>
                    <p>{n.body}</p>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </div>
  )
}

export default MyOrderPage
