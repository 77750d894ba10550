// The cart's notice strip (see notice.ts): success as a status, a refusal as an alert.
import { useTranslation } from 'react-i18next'
import { closeNotice, useNotice } from './notice'

export function CartNotice() {
  const { t } = useTranslation()
  const notice = useNotice()
  if (!notice) return null
  return (
    <div className={`cart-notice cart-notice--${notice.kind}`} role={notice.kind === 'error' ? 'alert' : 'status'} key={notice.id}>
      <span>{notice.text}</span>
      <button type="button" className="cart-notice__close" aria-label={t('cart.closeNotice')} onClick={closeNotice}>
        ×
      </button>
    </div>
  )
}
