// Home: the banner slider, today's actions, the home sections (desktop/mobile variants), the
// home products and categories from GET home, then the shop's promises and the call banner.
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { categoryPath } from '../catalog/format'
import { ProductGrid } from '../catalog/ProductGrid'
import { useCurrentActions, useHome, type CategoryLink } from '../hooks/api/home'
import { paths } from '../routes/paths'
import { useIsLoggedIn } from '../session/loginState'
import { CalendarIcon, CardIcon, PercentIcon, PinIcon, ReturnIcon, TruckIcon, PhoneIcon, MailIcon } from '../shell/Icons'
import { useDocumentTitle } from '../shell/useDocumentTitle'
import { telHref, useShop } from '../shop'
import { BannerLink, BannerSlider } from './BannerSlider'
import '../catalog/catalog.css'
import './home.css'

const promises: { key: string; icon: ReactNode }[] = [
  { key: 'delivery', icon: <TruckIcon /> },
  { key: 'discount', icon: <PercentIcon /> },
  { key: 'instalments', icon: <CalendarIcon /> },
  { key: 'card', icon: <CardIcon /> },
  { key: 'tracking', icon: <PinIcon /> },
  { key: 'returns', icon: <ReturnIcon /> },
]

function formatDay(d: string): string {
  const [y, m, day] = d.split('-')
  return y && m && day ? `${day}.${m}.${y}.` : d
}

function Categories({ items, label }: { items: CategoryLink[]; label: string }) {
  if (!items.length) return null
  return (
    <ul className="home-cats" aria-label={label}>
      {items.map((c) => (
        <li key={c.id}>
          <Link to={categoryPath(c.slug)} className="home-cat">
            {c.image_url ? (
              <img src={c.image_url} alt="" width={96} height={96} loading="lazy" />
            ) : (
              // No picture of its own and none of its products': its initial, never an empty circle.
              <span className="home-cat__noimg" aria-hidden="true">
                {c.name.charAt(0)}
              </span>
            )}
            <span>{c.name}</span>
          </Link>
        </li>
      ))}
    </ul>
  )
}

/** PromisesAndCall: the shop's promises and the call banner, the same on every home page. */
function PromisesAndCall() {
  const { t } = useTranslation()
  const shop = useShop()
  return (
    <>
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
            {shop.phones[0] && (
              <a className="btn btn--accent" href={telHref(shop.phones[0])}>
                <PhoneIcon /> {shop.phones[0]}
              </a>
            )}
            <a className="btn btn--outline-light" href={`mailto:${shop.email}`}>
              <MailIcon /> {shop.email}
            </a>
          </div>
        </div>
      </section>
    </>
  )
}

export function HomePage() {
  const { t, i18n } = useTranslation()
  const shop = useShop()
  useDocumentTitle()
  const loggedIn = useIsLoggedIn()
  const homeQuery = useHome(i18n.language, loggedIn)
  const actionsQuery = useCurrentActions(i18n.language)
  // What follows the slider comes with both answers at once; until then a screen-high
  // placeholder holds the promises and the footer below the fold, so that nothing the shopper
  // already sees is pushed down when the sections arrive (layout shift).
  const settled = !homeQuery.isPending && !actionsQuery.isPending
  const home = homeQuery.data
  const actions = (settled && actionsQuery.data) || []
  const banners = home?.banners ?? []
  const slider = banners.filter((b) => b.position === 'home_slider')
  const middle = banners.filter((b) => b.position === 'home_middle')
  const sections = settled ? [...(home?.sections ?? [])].sort((a, b) => a.order - b.order) : []

  return (
    <>
      <h1 className="visually-hidden">
        {shop.name} – {t('brand.tagline')}
      </h1>
      <div className="container home-top">
        {homeQuery.isPending ? <div className="slider slider--placeholder" aria-hidden="true" /> : <BannerSlider banners={slider} />}
      </div>

      {!settled && <div className="home-pending" aria-hidden="true" data-testid="home-pending" />}

      {actions.length > 0 && (
        <section className="container home-block" aria-labelledby="home-actions">
          <div className="home-block__head">
            <h2 id="home-actions">{t('homePage.actions')}</h2>
            <Link to={paths.actions}>{t('homePage.allActions')}</Link>
          </div>
          <ul className="home-actions">
            {actions.map((a) => (
              <li key={a.id}>
                <Link to={`/akcije/${a.slug}`} className="home-action">
                  {a.image_url && <img src={a.image_url} alt="" width={64} height={64} loading="lazy" />}
                  <span>
                    <strong>{a.name}</strong>
                    <small>{t('homePage.actionDates', { from: formatDay(a.from), to: formatDay(a.to) })}</small>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}

      {sections.map((s) => (
        <section
          key={s.id}
          className={`container home-block${s.show_desktop ? '' : ' home-block--no-desktop'}${s.show_mobile ? '' : ' home-block--no-mobile'}`}
          aria-labelledby={`home-section-${s.id}`}
          data-testid="home-section"
        >
          <h2 id={`home-section-${s.id}`}>{s.name}</h2>
          <Categories items={s.categories ?? []} label={s.name} />
          {(s.products ?? []).length > 0 && <ProductGrid products={s.products} label={s.name} eagerFirst={0} />}
        </section>
      ))}

      {settled && middle.length > 0 && (
        <div className="container home-middle">
          {middle.map((b) => (
            <BannerLink key={b.id} banner={b} eager={false} />
          ))}
        </div>
      )}

      {settled && (home?.products ?? []).length > 0 && (
        <section className="container home-block" aria-labelledby="home-products">
          <h2 id="home-products">{t('homePage.products')}</h2>
          <ProductGrid products={home!.products} label={t('homePage.products')} eagerFirst={0} />
        </section>
      )}

      {settled && (home?.categories ?? []).length > 0 && (
        <section className="container home-block" aria-labelledby="home-categories">
          <h2 id="home-categories">{t('homePage.categories')}</h2>
          <Categories items={home!.categories} label={t('homePage.categories')} />
        </section>
      )}

      {settled && <PromisesAndCall />}
    </>
  )
}

export default HomePage
