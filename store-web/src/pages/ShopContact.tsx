// The shop's own data on the contact page: from GET shop (the company data staff keep), so
// the page says what the header, mails and invoices say; the page's editable text follows.
import { useTranslation } from 'react-i18next'
import { formatAccount } from '../checkout/ThankYouPage'
import { telHref, useShop } from '../shop'

export function ShopContact() {
  const { t } = useTranslation()
  const shop = useShop()
  if (!shop.legal_name) return null
  return (
    <section className="shop-contact" aria-labelledby="shop-contact-title" data-testid="shop-contact">
      <h2 id="shop-contact-title">{shop.legal_name}</h2>
      <dl>
        <dt>{t('shopContact.address')}</dt>
        <dd>{shop.address}</dd>
        <dt>{t('shopContact.phone')}</dt>
        <dd>
          {shop.phones.map((p, i) => (
            <span key={p}>
              {i > 0 && ', '}
              <a href={telHref(p)}>{p}</a>
            </span>
          ))}
        </dd>
        <dt>{t('shopContact.email')}</dt>
        <dd>
          <a href={`mailto:${shop.email}`}>{shop.email}</a>
        </dd>
        {shop.pib && (
          <>
            <dt>{t('shopContact.pib')}</dt>
            <dd>{shop.pib}</dd>
          </>
        )}
        {shop.registration_number && (
          <>
            <dt>{t('shopContact.registrationNumber')}</dt>
            <dd>{shop.registration_number}</dd>
          </>
        )}
        {shop.account && (
          <>
            <dt>{t('shopContact.account')}</dt>
            <dd>{formatAccount(shop.account)}</dd>
          </>
        )}
      </dl>
    </section>
  )
}
