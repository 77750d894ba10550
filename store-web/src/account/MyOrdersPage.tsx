// My account → My orders (login required): newest first, 10 a page (the pager's ?page=), each
// with its number, date, status and total, linking to the order, and the PDF of each signed fiscal
// receipt (marked as a test receipt when the simulator signed it).
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { formatPrice } from '../catalog/format'
import { useMyOrders } from '../hooks/api/orders'
import { Pagination } from '../product/Pagination'
import { accountOrderPath, paths } from '../routes/paths'
import { useDocumentTitle } from '../shell/useDocumentTitle'
import { formatDate } from './format'
import './account.css'

export function MyOrdersPage() {
  const { t } = useTranslation()
  useDocumentTitle(t('myOrders.title'))
  const [params] = useSearchParams()
  const page = Math.max(1, Number(params.get('page')) || 1)
  const orders = useMyOrders(page)
  const list = orders.data?.data ?? []

  return (
    <div className="container account-page">
      <p className="account-back">
        <Link to={paths.account}>‹ {t('account.title')}</Link>
      </p>
      <h1>{t('myOrders.title')}</h1>
      {orders.isPending && <p className="muted">{t('myOrders.loading')}</p>}
      {orders.isError && (
        <p className="alert alert--error" role="alert">
          {t('myOrders.loadError')}
        </p>
      )}
      {orders.data && list.length === 0 && <p className="muted">{t('myOrders.empty')}</p>}
      {list.length > 0 && (
        <table className="orders-table">
          <thead>
            <tr>
              <th scope="col">{t('myOrders.number')}</th>
              <th scope="col">{t('myOrders.date')}</th>
              <th scope="col">{t('myOrders.status')}</th>
              <th scope="col">{t('myOrders.total')}</th>
              <th scope="col">{t('myOrders.receipt')}</th>
            </tr>
          </thead>
          <tbody>
            {list.map((o) => (
              <tr key={o.id}>
                <td>
                  <Link to={accountOrderPath(o.id!)}>{o.number}</Link>
                </td>
                <td>{formatDate(o.date)}</td>
                <td>{o.status_label}</td>
                <td>{formatPrice(o.total)}</td>
                <td>
                  {(o.receipts ?? []).map((r) => (
                    <span key={r.id} className="order-receipt-link">
                      <a href={r.pdf_url} download title={r.title}>
                        {t('myOrders.receiptPdf', { kind: r.kind_label })}
                      </a>
                      {r.test && <small className="test-badge"> {t('myOrders.testReceipt')}</small>}
                    </span>
                  ))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pagination current={orders.data?.meta?.current_page ?? page} last={orders.data?.meta?.last_page ?? 1} />
    </div>
  )
}

export default MyOrdersPage
