// /landing/{slug}: a landing page in one of its three layouts (back-office-and-shell.md 2.7).
//  1: the sticker's header image, top description, card 1 as a tab card, a product preview, the
//     'Pogledaj sve proizvode' link, bottom description;
//  2: banner, top description, four cards, the product list, the link, bottom description;
//  3: banner, top description, category tiles, bottom description.
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import type { CategoryLink } from '../api/contract'
import { ProductCard } from '../catalog/ProductCard'
import { useLandingPage, type LandingPageData } from '../hooks/api/landingPages'
import { HtmlBody } from '../product/HtmlBody'
import '../product/pages.css'
import { useDocumentTitle } from '../shell/useDocumentTitle'
import { NotFoundPage } from './NotFoundPage'

/** Products a layout-1 page previews (the link leads to all of them). */
export const previewCount = 4

export function LandingPage() {
  const { t } = useTranslation()
  const { slug = '' } = useParams()
  const q = useLandingPage(slug)
  useDocumentTitle(q.data?.name)

  if (q.isPending) {
    return (
      <div className="container content-page" role="status" aria-label={t('landing.loading')}>
        <div className="content-page__skeleton" />
      </div>
    )
  }
  if (q.isError) return <NotFoundPage />
  return <LandingView page={q.data} />
}

export function LandingView({ page }: { page: LandingPageData }) {
  return (
    <div className={`landing landing--${page.layout}`} data-testid={`landing-layout-${page.layout}`}>
      {page.layout === 1 ? <Layout1 page={page} /> : page.layout === 2 ? <Layout2 page={page} /> : <Layout3 page={page} />}
    </div>
  )
}

function Hero({ src, alt, testId }: { src: string | null | undefined; alt: string; testId: string }) {
  if (!src) return null
  return <img className="landing__hero" src={src} alt={alt} width={1240} height={310} data-testid={testId} />
}

/** allLink: the page's own link, else the action of its sticker. */
function allLink(page: LandingPageData): string | null {
  if (page.link) return page.link
  if (page.sticker) return `/akcije/${page.sticker.slug}`
  return null
}

function AllProducts({ page }: { page: LandingPageData }) {
  const { t } = useTranslation()
  const to = allLink(page)
  if (!to) return null
  const external = /^https?:\/\//.test(to)
  return (
    <p className="landing__all">
      {external ? (
        <a className="btn btn--primary" href={to}>
          {t('landing.all')}
        </a>
      ) : (
        <Link className="btn btn--primary" to={to}>
          {t('landing.all')}
        </Link>
      )}
    </p>
  )
}

function Products({ products }: { products: LandingPageData['products'] }) {
  const { t } = useTranslation()
  if (products.length === 0) return null
  return (
    <section className="landing__products" aria-label={t('landing.products')} data-testid="landing-products">
      <div className="card-grid">
        {products.map((p) => (
          <ProductCard key={p.id} product={p} />
        ))}
      </div>
    </section>
  )
}

function Text({ html, testId }: { html: string; testId: string }) {
  if (!html) return null
  return <HtmlBody html={html} className="landing__text" testId={testId} />
}

function Layout1({ page }: { page: LandingPageData }) {
  const header = page.header_image_url ?? page.sticker?.image_url
  return (
    <div className="container">
      <h1 className="landing__title">{page.name}</h1>
      <Hero src={header} alt={page.sticker?.name ?? page.name} testId="landing-header" />
      <Text html={page.top_description} testId="landing-top" />
      {page.cards[0] && (
        <section className="landing__tabcard" data-testid="landing-card">
          <p className="landing__tabcard-tab">{page.sticker?.name ?? page.name}</p>
          <HtmlBody html={page.cards[0]} className="landing__tabcard-body" />
        </section>
      )}
      <Products products={page.products.slice(0, previewCount)} />
      <AllProducts page={page} />
      <Text html={page.bottom_description} testId="landing-bottom" />
    </div>
  )
}

function Layout2({ page }: { page: LandingPageData }) {
  return (
    <div className="container">
      <h1 className="landing__title">{page.name}</h1>
      <Hero src={page.banner_image_url} alt={page.name} testId="landing-banner" />
      <Text html={page.top_description} testId="landing-top" />
      <div className="landing__cards">
        {page.cards.slice(0, 4).map((c, i) => (
          <HtmlBody key={i} html={c} className="landing__card" testId="landing-card" />
        ))}
      </div>
      <Products products={page.products} />
      <AllProducts page={page} />
      <Text html={page.bottom_description} testId="landing-bottom" />
    </div>
  )
}

function Layout3({ page }: { page: LandingPageData }) {
  const { t } = useTranslation()
  return (
    <div className="container">
      <h1 className="landing__title">{page.name}</h1>
      <Hero src={page.banner_image_url} alt={page.name} testId="landing-banner" />
      <Text html={page.top_description} testId="landing-top" />
      {page.categories.length > 0 && (
        <ul className="landing__categories" aria-label={t('landing.categories')} data-testid="landing-categories">
          {page.categories.map((c: CategoryLink) => (
            <li key={c.id}>
              <Link to={`/kategorije/${c.slug}`} className="category-tile">
                {c.image_url ? (
                  <img src={c.image_url} alt="" width={160} height={160} loading="lazy" />
                ) : (
                  <span className="category-tile__noimg" aria-hidden="true" />
                )}
                <span>{c.name}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Text html={page.bottom_description} testId="landing-bottom" />
    </div>
  )
}
