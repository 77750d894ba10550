// Home: a hero and the shop's promises (the catalogue sections arrive with the catalogue).
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { paths } from '../routes/paths'
import { useIsLoggedIn } from '../session/loginState'
import { CalendarIcon, CardIcon, PercentIcon, PinIcon, ReturnIcon, TruckIcon, PhoneIcon, MailIcon } from '../shell/Icons'
import { useDocumentTitle } from '../shell/useDocumentTitle'
import { shop, telHref } from '../shop'

const promises: { key: string; icon: ReactNode }[] = [
  { key: 'delivery', icon: <TruckIcon /> },
  { key: 'discount', icon: <PercentIcon /> },
  { key: 'instalments', icon: <CalendarIcon /> },
  { key: 'card', icon: <CardIcon /> },
  { key: 'tracking', icon: <PinIcon /> },
  { key: 'returns', icon: <ReturnIcon /> },
]

export function HomePage() {
  const { t } = useTranslation()
  useDocumentTitle()
  const loggedIn = useIsLoggedIn()

  return (
    <>
      <section className="hero">
        <div className="container hero__inner">
          <div className="hero__text">
            <p className="hero__eyebrow">{t('home.heroEyebrow')}</p>
            <h1>{t('home.heroTitle')}</h1>
            <p className="hero__lead">{t('home.heroText')}</p>
            <div className="hero__cta">
              <Link to={paths.actions} className="btn btn--accent btn--lg">
                {t('home.heroCta')}
              </Link>
              {!loggedIn && (
                <Link to={paths.register} className="btn btn--outline-light btn--lg">
                  {t('home.heroRegister')}
                </Link>
              )}
            </div>
          </div>
          <div className="hero__badge" aria-hidden="true">
            <span className="hero__badge-value">-20%</span>
            <span className="hero__badge-text">{t('home.heroDiscount')}</span>
          </div>
        </div>
      </section>

      <section className="container promises" aria-labelledby="promises-title">
        <h2 id="promises-title">{t('home.promisesTitle')}</h2>
        <ul className="promise-grid">
          {promises.map((p) => (
            <li key={p.key} className="promise">
              <span className="promise__icon">{p.icon}</span>
              <h3>{t(`home.promises.${p.key}.title`)}</h3>
              <p>{t(`home.promises.${p.key}.text`)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="container">
        <div className="call-banner">
          <div>
            <h2>{t('home.callTitle')}</h2>
            <p>{t('home.callText')}</p>
            <p className="call-banner__hours">{t('home.callHours')}</p>
          </div>
          <div className="call-banner__actions">
            <a className="btn btn--accent" href={telHref(shop.phones[0])}>
              <PhoneIcon /> {shop.phones[0]}
            </a>
            <a className="btn btn--outline-light" href={`mailto:${shop.email}`}>
              <MailIcon /> {shop.email}
            </a>
          </div>
        </div>
      </section>
    </>
  )
}
