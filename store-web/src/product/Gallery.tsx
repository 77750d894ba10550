// The product page's photo gallery: the stage (one photo with previous/next), a strip of
// thumbnails showing 3 at a time, the discount sticker, and a full-screen viewer (a modal
// dialog: arrows move, Escape closes, Tab stays inside, focus returns to the opener).
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

export interface GalleryImage {
  id?: number
  small?: string
  large?: string
}

/** Thumbnails visible at once (spec 9: the gallery shows 3 slides). */
export const gallerySlides = 3

export function Gallery({ images, alt, sticker }: { images: GalleryImage[]; alt: string; sticker?: ReactNode }) {
  const { t } = useTranslation()
  const [index, setIndex] = useState(0)
  const [viewer, setViewer] = useState(false)
  const opener = useRef<HTMLButtonElement>(null)
  const n = images.length
  const current = images[Math.min(index, n - 1)]
  const go = (i: number) => setIndex(((i % n) + n) % n)
  // The thumbnail window: the current photo stays in view.
  const first = Math.max(0, Math.min(index - 1, n - gallerySlides))
  const thumbs = images.slice(first, first + gallerySlides)

  if (n === 0) {
    return (
      <div className="gallery gallery--empty">
        {sticker}
        <div className="gallery__placeholder" role="img" aria-label={t('product.gallery.noImage')} />
      </div>
    )
  }

  return (
    <div className="gallery" data-testid="gallery">
      <div className="gallery__stage">
        {sticker}
        <button
          ref={opener}
          type="button"
          className="gallery__open"
          aria-label={t('product.gallery.open')}
          onClick={() => setViewer(true)}
        >
          <img src={current.large || current.small} alt={alt} width={600} height={600} />
        </button>
        {n > 1 && (
          <>
            <button type="button" className="gallery__nav gallery__nav--prev" aria-label={t('product.gallery.previous')} onClick={() => go(index - 1)}>
              ‹
            </button>
            <button type="button" className="gallery__nav gallery__nav--next" aria-label={t('product.gallery.next')} onClick={() => go(index + 1)}>
              ›
            </button>
          </>
        )}
      </div>
      {n > 1 && (
        <ul className="gallery__thumbs" aria-label={t('product.gallery.thumbnails')}>
          {thumbs.map((img, k) => {
            const i = first + k
            return (
              <li key={img.id ?? i}>
                <button
                  type="button"
                  aria-label={t('product.gallery.photo', { n: i + 1, total: n })}
                  aria-current={i === index ? 'true' : undefined}
                  onClick={() => setIndex(i)}
                >
                  <img src={img.small || img.large} alt="" width={96} height={96} loading="lazy" />
                </button>
              </li>
            )
          })}
        </ul>
      )}
      {viewer && (
        <Viewer
          images={images}
          index={index}
          alt={alt}
          onMove={go}
          onClose={() => {
            setViewer(false)
            opener.current?.focus()
          }}
        />
      )}
    </div>
  )
}

function Viewer({
  images,
  index,
  alt,
  onMove,
  onClose,
}: {
  images: GalleryImage[]
  index: number
  alt: string
  onMove: (i: number) => void
  onClose: () => void
}) {
  const { t } = useTranslation()
  const dialog = useRef<HTMLDivElement>(null)
  const close = useRef<HTMLButtonElement>(null)
  const img = images[index]

  useEffect(() => {
    close.current?.focus()
    const prev = document.body.style.overflow
    document.body.style.overflow = 'hidden'
    return () => {
      document.body.style.overflow = prev
    }
  }, [])

  function onKeyDown(e: KeyboardEvent) {
    if (e.key === 'Escape') {
      e.preventDefault()
      onClose()
    } else if (e.key === 'ArrowRight') {
      e.preventDefault()
      onMove(index + 1)
    } else if (e.key === 'ArrowLeft') {
      e.preventDefault()
      onMove(index - 1)
    } else if (e.key === 'Tab') {
      // Focus trap: Tab and Shift+Tab cycle through the viewer's own buttons.
      const items = Array.from(dialog.current?.querySelectorAll<HTMLElement>('button') ?? [])
      if (items.length === 0) return
      const at = items.indexOf(document.activeElement as HTMLElement)
      const next = e.shiftKey ? (at <= 0 ? items.length - 1 : at - 1) : at === items.length - 1 ? 0 : at + 1
      e.preventDefault()
      items[next].focus()
    }
  }

  return (
    <div
      ref={dialog}
      className="viewer"
      role="dialog"
      aria-modal="true"
      aria-label={t('product.gallery.viewer')}
      onKeyDown={onKeyDown}
      data-testid="gallery-viewer"
    >
      <button ref={close} type="button" className="viewer__close" aria-label={t('product.gallery.close')} onClick={onClose}>
        ×
      </button>
      {images.length > 1 && (
        <button type="button" className="viewer__nav viewer__nav--prev" aria-label={t('product.gallery.previous')} onClick={() => onMove(index - 1)}>
          ‹
        </button>
      )}
      <figure className="viewer__figure">
        <img src={img.large || img.small} alt={alt} />
        <figcaption>{t('product.gallery.photo', { n: index + 1, total: images.length })}</figcaption>
      </figure>
      {images.length > 1 && (
        <button type="button" className="viewer__nav viewer__nav--next" aria-label={t('product.gallery.next')} onClick={() => onMove(index + 1)}>
          ›
        </button>
      )}
    </div>
  )
}
