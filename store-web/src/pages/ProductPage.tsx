// The product page (/kategorije/{main category}/proizvodi/{product}): breadcrumbs, the gallery
// with the discount sticker and the call-centre box, stickers, price, quantity and 'Dodaj u
// korpu' (or the out-of-stock box), the four tabs, the product banner, questions and answers,
// ratings and related products. A product that fails to load is 'missing'.
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { useAddToCart } from '../cart/addToCart'
import { asCard, categoryPath } from '../catalog/format'
import { ProductCard } from '../catalog/ProductCard'
import { CompareBar } from '../compare/CompareBar'
import { COMPARE_MAX, toggleCompare, useCompare } from '../compare/compareStore'
import { findTrail, useCategoryTree } from '../hooks/api/categories'
import { PositionBanner } from '../catalog/PositionBanner'
import { useBanners } from '../hooks/api/banners'
import { useProduct, type StorefrontProduct } from '../hooks/api/productPage'
import { Questions, Ratings } from '../product/Feedback'
import { BackInStockForm } from '../voice/BackInStockForm'
import { PriceOfferForm } from '../voice/PriceOfferForm'
import { QuestionForm } from '../voice/QuestionForm'
import { RatingModal } from '../voice/RatingModal'
import { Gallery, type GalleryImage } from '../product/Gallery'
import { PriceBlock } from '../product/PriceBlock'
import { ProductTabs } from '../product/ProductTabs'
import { QuantityPicker } from '../product/QuantityPicker'
import '../product/product.css'
import { paths } from '../routes/paths'
import { PhoneIcon } from '../shell/Icons'
import { useDocumentTitle } from '../shell/useDocumentTitle'
import { telHref, useShop } from '../shop'

export function ProductPage() {
  const { t } = useTranslation()
  const { productSlug = '' } = useParams()
  const q = useProduct(productSlug)
  useDocumentTitle(q.data?.name ?? (q.isError ? t('product.missing') : undefined))

  if (q.isPending) {
    return (
      <div className="container product-page product-page--loading" role="status" aria-label={t('product.loading')}>
        <div className="product-page__skeleton" />
      </div>
    )
  }
  if (q.isError || !q.data) {
    return (
      <div className="container status-page" data-testid="product-missing">
        <h1>{t('product.missing')}</h1>
        <div className="status-page__actions">
          <Link to={paths.home} className="btn btn--primary">
            {t('product.backHome')}
          </Link>
        </div>
      </div>
    )
  }
  return <ProductView product={q.data} />
}

/** galleryImages: the main photo first, then the others in their order. */
function galleryImages(p: StorefrontProduct): GalleryImage[] {
  const imgs = [...(p.images ?? [])].sort((a, b) => Number(b.main) - Number(a.main) || a.position - b.position)
  if (imgs.length === 0 && p.main_image) return [p.main_image]
  return imgs
}

function discountPercent(p: StorefrontProduct): number {
  const retail = p.retail_price
  return retail > 0 ? Math.round((p.saving / retail) * 100) : 0
}

export function ProductView({ product: p }: { product: StorefrontProduct }) {
  const { t, i18n } = useTranslation()
  const shop = useShop()
  const [qty, setQty] = useState(1)
  const cart = useAddToCart()
  const [rating, setRating] = useState<{ open: boolean; message?: string }>({ open: false })
  const category = p.mainCategory?.[0]
  // The breadcrumb walks from the top category down to the product's own (the category tree
  // the header's menu loads anyway); until the tree is in, the product's category alone.
  const tree = useCategoryTree(i18n.language)
  const found = category?.slug ? findTrail(tree.data ?? [], category.slug) : []
  const trail = found.length > 0 ? found.map((c) => ({ slug: c.slug, name: c.name })) : category ? [{ slug: category.slug, name: category.name }] : []
  const compareList = useCompare()
  const compared = compareList.some((x) => x.id === p.id)
  const compareFull = !compared && compareList.length >= COMPARE_MAX
  const stickers = (p.catalog_stickers ?? []).filter((s) => s.sticker_active && s.sticker)
  const percent = discountPercent(p)

  const discountSticker = p.discount ? (
    <span className="discount-sticker" data-testid="discount-sticker" title={p.discount.type}>
      {percent > 0 ? `-${percent}%` : p.discount.type}
    </span>
  ) : undefined

  return (
    <div className="container product-page" data-testid="product-page">
      <nav aria-label={t('product.breadcrumbs')} className="breadcrumbs">
        <ol>
          <li>
            <Link to={paths.home}>{t('product.home')}</Link>
          </li>
          {trail.map((c) => (
            <li key={c.slug}>
              <Link to={categoryPath(c.slug)}>{c.name}</Link>
            </li>
          ))}
          <li aria-current="page">{p.name}</li>
        </ol>
      </nav>
      <CompareBar />

      <div className="product-page__top">
        <div className="product-page__media">
          <Gallery images={galleryImages(p)} alt={p.name} sticker={discountSticker} />
          <aside className="call-box" aria-label={t('product.callBox.title')}>
            <PhoneIcon />
            <div>
              <p className="call-box__title">{t('product.callBox.title')}</p>
              {shop.phones[0] && (
                <a href={telHref(shop.phones[0])} className="call-box__phone">
                  {shop.phones[0]}
                </a>
              )}
              <p className="call-box__hours">{t('product.callBox.hours')}</p>
            </div>
          </aside>
        </div>

        <div className="product-page__info">
          <h1 className="product-page__name">{p.name}</h1>
          <p className="product-page__meta">
            {p.sku && (
              <span>
                {t('product.sku')}: {p.sku}
              </span>
            )}
            {p.brand?.name && (
              <span>
                {t('product.brand')}: {p.brand.name}
              </span>
            )}
          </p>
          {(stickers.length > 0 || p.energy_value_sticker) && (
            <ul className="product-stickers" aria-label={t('product.stickers')}>
              {stickers.map((s) => (
                <li key={s.id}>
                  <img src={s.sticker} alt={t('product.catalogSticker')} width={64} height={64} />
                </li>
              ))}
              {p.energy_value_sticker && (
                <li>
                  <img src={p.energy_value_sticker} alt={t('product.energySticker')} width={64} height={64} />
                </li>
              )}
            </ul>
          )}

          <PriceBlock price={p.price} retail={p.retail_price} saving={p.saving} loginDiscount={p.login_discount} />

          {p.purchasable ? (
            <div className="buy-box">
              <QuantityPicker value={qty} onChange={setQty} />
              <button
                type="button"
                className="btn btn--accent btn--lg"
                disabled={cart.isPending}
                onClick={() => void cart.addToCart({ product: asCard(p), quantity: qty })}
              >
                {t('product.addToCart')}
              </button>
            </div>
          ) : (
            <div className="out-of-stock" role="note" data-testid="out-of-stock">
              <BackInStockForm productId={p.id!} productSlug={p.slug!} productUrl={window.location.href} />
            </div>
          )}
          <label className="product-page__compare" title={compareFull ? t('compare.full') : undefined}>
            <input type="checkbox" checked={compared} disabled={compareFull} onChange={() => toggleCompare(asCard(p))} />
            {t('card.compare')}
          </label>
          <PriceOfferForm productSku={p.sku!} />
        </div>
      </div>

      <ProductTabs product={p} />
      <ProductBanner />
      <Questions items={p.answeredQuestions} />
      <QuestionForm productSlug={p.slug!} />
      <Ratings items={p.approvedRatings} />
      <div className="product-section">
        <button type="button" className="btn btn--outline" onClick={() => setRating({ open: true })}>
          {t('voice.rating.title')}
        </button>
        {rating.message && <p role="status">{rating.message}</p>}
      </div>
      <RatingModal productSlug={p.slug!} open={rating.open} onClose={(message) => setRating({ open: false, message })} />

      {p.related?.length > 0 && (
        <section className="product-section" aria-labelledby="product-related">
          <h2 id="product-related">{t('product.related')}</h2>
          <div className="card-grid">
            {p.related!.map((r) => (
              <ProductCard key={r.id} product={r} />
            ))}
          </div>
        </section>
      )}
    </div>
  )
}

/** ProductBanner: the first banner of position 'product', opening its link when it has one. */
function ProductBanner() {
  const b = useBanners('product').data?.[0]
  return b ? <PositionBanner banner={b} className="product-banner" testId="product-banner" /> : null
}
