// The storefront footer: about the shop, contact and opening hours, useful links, newsletter
// sign-up and social links.
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { paths } from '../routes/paths'
import { telHref, useShop } from '../shop'
import { CardIcon, MailIcon, PhoneIcon, TruckIcon } from './Icons'
import { NewsletterForm } from './NewsletterForm'
import { CONTACT_FORM_ID } from '../voice/ContactForm'

export function Footer() {
  const { t } = useTranslation()
  const shop = useShop()
  const useful = [
    { to: paths.terms, label: t('footer.links.terms') },
    { to: paths.privacy, label: t('footer.links.privacy') },
    { to: paths.consumerRights, label: t('footer.links.consumerRights') },
    { to: paths.complaint, label: t('footer.links.complaint') },
    { to: paths.contractTermination, label: t('footer.links.contractTermination') },
    { to: paths.onlineOrdering, label: t('footer.links.onlineOrdering') },
    { to: paths.payment, label: t('footer.links.payment') },
    { to: paths.delivery, label: t('footer.links.delivery') },
    { to: paths.jobs, label: t('footer.links.jobs') },
  ]

  return (
    <footer className="site-footer" data-testid="site-footer">
      <div className="container footer-grid">
        <section className="footer-col">
          <h2>{t('footer.aboutTitle')}</h2>
          <p>{t('footer.aboutText', { name: shop.name })}</p>
          <p className="footer-note">
            <TruckIcon /> {t('footer.freeDelivery')}
          </p>
          <p className="footer-note">
            <CardIcon /> {t('footer.cardPayment')}
          </p>
          <Link to={paths.about}>{t('footer.aboutLink')}</Link>
        </section>

        <section className="footer-col">
          <h2>{t('footer.contactTitle')}</h2>
          <ul className="footer-contact">
            {shop.phones.map((p) => (
              <li key={p}>
                <PhoneIcon />
                <a href={telHref(p)}>{p}</a>
              </li>
            ))}
            <li>
              <MailIcon />
              <a href={`mailto:${shop.email}`}>{shop.email}</a>
            </li>
          </ul>
          <Link to={`${paths.contact}#${CONTACT_FORM_ID}`}>{t('footer.contactLink')}</Link>
          <h3>{t('footer.hoursTitle')}</h3>
          <dl className="footer-hours">
            <dt>{t('footer.callCentre')}</dt>
            <dd data-testid="call-centre-hours">{t('footer.callCentreHours')}</dd>
            <dt>{t('footer.shops')}</dt>
            <dd data-testid="shop-hours">{t('footer.shopHours')}</dd>
          </dl>
        </section>

        <nav className="footer-col" aria-label={t('footer.usefulTitle')}>
          <h2>{t('footer.usefulTitle')}</h2>
          <ul className="footer-links">
            {useful.map((l) => (
              <li key={l.to}>
                <Link to={l.to}>{l.label}</Link>
              </li>
            ))}
          </ul>
        </nav>

        <section className="footer-col">
          <h2>{t('footer.newsletterTitle')}</h2>
          <p>{t('footer.newsletterText')}</p>
          <NewsletterForm />
          <h3>{t('footer.socialTitle')}</h3>
          <ul className="footer-social">
            {shop.social.map((s) => (
              <li key={s.key}>
                <a href={s.url} target="_blank" rel="noopener noreferrer">
                  {s.label}
                </a>
              </li>
            ))}
          </ul>
        </section>
      </div>
      <div className="footer-bottom">
        <div className="container">{t('footer.rights', { year: new Date().getFullYear(), name: shop.name })}</div>
      </div>
    </footer>
  )
}
