// An order's signed fiscal receipts for its customer: each with its journal as the fiscal device
// signed it, the verification link (the Tax Administration's page) and the PDF. A receipt the
// simulator signed is no fiscal receipt, and the page says so above it.
import { useTranslation } from 'react-i18next'
import type { Order } from '../hooks/api/orders'
import { formatDate } from './format'

type Receipt = NonNullable<Order['receipts']>[number]

export function OrderReceipts({ receipts }: { receipts: Receipt[] }) {
  const { t } = useTranslation()
  if (receipts.length === 0) return null
  return (
    <section className="order-receipts" aria-labelledby="receipts-title">
      <h2 id="receipts-title">{t('myOrder.receipts')}</h2>
      <ul>
        {receipts.map((r) => (
          <li key={r.id} className="card order-receipt" data-testid="order-receipt">
            <h3>{r.title}</h3>
            {r.test && (
              <p className="alert alert--error" role="note">
                {r.test_notice}
              </p>
            )}
            <p className="muted">
              {r.kind_label} · {r.invoice_number}
              {r.signed_at ? ` · ${formatDate(r.signed_at)}` : ''}
            </p>
            <pre className="receipt-journal">{r.journal}</pre>
            <p className="order-receipt__links">
              {r.verification_url && (
                <a href={r.verification_url} target="_blank" rel="noopener noreferrer">
                  {t('myOrder.verifyReceipt')}
                </a>
              )}
              <a href={r.pdf_url} download>
                {t('myOrder.receiptPdf')}
              </a>
            </p>
          </li>
        ))}
      </ul>
    </section>
  )
}
