// The home slider: one banner at a time with previous/next and dots; the mobile image under
// 700 px through <picture>; explicit sizes (no layout shift); only the first loads eagerly.
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { Banner } from '../hooks/api/home'

export const BANNER_MOBILE_MAX = 699

export function BannerImage({ banner, eager }: { banner: Banner; eager: boolean }) {
  return (
    <picture>
      {banner.mobile_image_url && <source media={`(max-width: ${BANNER_MOBILE_MAX}px)`} srcSet={banner.mobile_image_url} />}
      <img
        src={banner.image_url}
        alt={banner.name}
        width={1240}
        height={400}
        loading={eager ? 'eager' : 'lazy'}
        fetchPriority={eager ? 'high' : undefined}
        decoding="async"
      />
    </picture>
  )
}

export function BannerLink({ banner, eager }: { banner: Banner; eager: boolean }) {
  const img = <BannerImage banner={banner} eager={eager} />
  const to = banner.link ?? (banner.category_slug ? `/kategorije/${banner.category_slug}` : null)
  if (!to) return img
  if (/^https?:\/\//.test(to)) return <a href={to}>{img}</a>
  return <Link to={to}>{img}</Link>
}

export function BannerSlider({ banners }: { banners: Banner[] }) {
  const { t } = useTranslation()
  const [i, setI] = useState(0)
  if (!banners.length) return null
  const n = banners.length
  const cur = banners[i % n]
  return (
    <section className="slider" aria-roledescription="carousel" aria-label={t('homePage.banners')}>
      <div className="slider__slide" aria-roledescription="slide" aria-label={`${(i % n) + 1} / ${n}`}>
        <BannerLink banner={cur} eager={i === 0} />
      </div>
      {n > 1 && (
        <>
          <button type="button" className="slider__nav slider__nav--prev" aria-label={t('homePage.prevBanner')} onClick={() => setI((i - 1 + n) % n)}>
            ‹
          </button>
          <button type="button" className="slider__nav slider__nav--next" aria-label={t('homePage.nextBanner')} onClick={() => setI((i + 1) % n)}>
            ›
          </button>
          <div className="slider__dots">
            {banners.map((b, k) => (
              <button key={b.id} type="button" aria-label={t('homePage.goToBanner', { n: k + 1 })} aria-current={k === i % n} onClick={() => setI(k)} />
            ))}
          </div>
        </>
      )}
    </section>
  )
}
