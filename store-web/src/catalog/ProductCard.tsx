// A product as a card shows it (spec "Product card"): link to its page, the name cut at 86
// characters, the main image (explicit size, variants in srcset) or a placeholder, the action's
// sticker, catalog and energy stickers, struck retail price, current price and saving,
// 'Dodaj u korpu', the guests' note and the heart. A product that cannot be bought (inactive,
// hidden or below its category's minimum price) shows neither prices nor the heart.
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useAddToCart } from '../cart/addToCart'
import { useToggleWishlist } from '../cart/addToWishlist'
import { COMPARE_MAX, toggleCompare, useCompare } from '../compare/compareStore'
import { useIsLoggedIn } from '../session/loginState'
import { HeartIcon } from '../shell/Icons'
import { cutName, productPath, type ProductCard as Card } from './format'
import { Price } from './Price'
import './catalog.css'

export const CARD_IMAGE_SIZE = 300

export function ProductCard({ product, eager = false }: { product: Card; eager?: boolean }) {
  const { t } = useTranslation()
  const cart = useAddToCart()
  const wishlist = useToggleWishlist()
  const loggedIn = useIsLoggedIn()
  const compareList = useCompare()
  const compared = compareList.some((x) => x.id === product.id)
  const compareFull = !compared && compareList.length >= COMPARE_MAX
  const href = productPath(product)
  const name = product.name
  const wished = wishlist.inList(product.id)
  const active = product.purchasable !== false
  const img = product.main_image
  const percent =
    product.discount && product.retail_price && product.saving
      ? Math.round((product.saving / product.retail_price) * 100)
      : 0

  return (
    <article className="product-card" data-testid="product-card">
      <div className="product-card__media">
        <Link to={href} tabIndex={-1} aria-hidden="true" className="product-card__image-link">
          {img?.small ? (
            <img
              src={img.small}
              srcSet={img.large ? `${img.small} 300w, ${img.large} 1200w` : undefined}
              sizes="(max-width: 600px) 45vw, 240px"
              width={CARD_IMAGE_SIZE}
              height={CARD_IMAGE_SIZE}
              alt=""
              loading={eager ? 'eager' : 'lazy'}
              decoding="async"
            />
          ) : (
            <span className="product-card__placeholder" data-testid="card-placeholder" />
          )}
        </Link>
        <div className="product-card__stickers">
          {product.discount && (
            <span className="sticker sticker--discount" title={product.discount.type}>
              {percent > 0 ? `-${percent}%` : product.discount.type}
            </span>
          )}
          {product.catalog_stickers?.map((s) =>
            s.image_url ? (
              <img key={s.id} className="sticker sticker--catalog" src={s.image_url} alt={s.name} width={64} height={64} loading="lazy" />
            ) : (
              <span key={s.id} className="sticker sticker--label">
                {s.name}
              </span>
            ),
          )}
        </div>
        {product.energy_sticker_url && (
          <img
            className="product-card__energy"
            src={product.energy_sticker_url}
            alt={t('card.energyLabel')}
            width={48}
            height={26}
            loading="lazy"
          />
        )}
      </div>

      <h3 className="product-card__name">
        <Link to={href} title={name.length > 86 ? name : undefined}>
          {cutName(name)}
        </Link>
      </h3>

      {active ? (
        <>
          <Price price={product.price} retail={product.retail_price} saving={product.saving} />
          <button
            type="button"
            className="btn btn--accent btn--block product-card__buy"
            disabled={cart.isPending}
            onClick={() => void cart.addToCart({ product, quantity: 1 })}
          >
            {t('card.addToCart')}
          </button>
          {/* The promise only where a logged-in customer really pays less. */}
          {!loggedIn && product.login_discount && <p className="product-card__note">{t('card.guestNote')}</p>}
        </>
      ) : (
        <p className="product-card__unavailable">{t('card.unavailable')}</p>
      )}

      <div className="product-card__tools">
        <label className="product-card__compare" title={compareFull ? t('compare.full') : undefined}>
          <input type="checkbox" checked={compared} disabled={compareFull} onChange={() => toggleCompare(product)} />
          {t('card.compare')}
        </label>
        {active && (
          <button
            type="button"
            className={wished ? 'product-card__heart product-card__heart--on' : 'product-card__heart'}
            aria-label={t(wished ? 'card.removeFromWishlist' : 'card.addToWishlist', { name })}
            aria-pressed={wished}
            data-testid="wishlist-heart"
            disabled={wishlist.isPending}
            onClick={() => void wishlist.toggleWishlist(product)}
          >
            <HeartIcon filled={wished} />
          </button>
        )}
      </div>
    </article>
  )
}
