// A product's prices: the struck retail price, the current price and the saving (spec 4).
import { useTranslation } from 'react-i18next'
import { formatPrice } from './format'

export function Price({ price, retail, saving }: { price: number; retail?: number; saving?: number }) {
  const { t } = useTranslation()
  const showRetail = retail !== undefined && saving !== undefined && saving > 0
  return (
    <div className="price">
      {showRetail && (
        <p className="price__retail">
          <span className="visually-hidden">{t('card.retailPrice')} </span>
          <s>{formatPrice(retail)}</s>
        </p>
      )}
      <p className="price__current">
        <span className="visually-hidden">{t('card.price')} </span>
        {formatPrice(price)}
      </p>
      {showRetail && <p className="price__saving">{t('card.saving', { amount: formatPrice(saving) })}</p>}
    </div>
  )
}
