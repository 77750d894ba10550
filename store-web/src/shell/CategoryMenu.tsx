// The header's category navigation: the mini navigation of the first 6 main categories, the
// masonry menu ('Sve kategorije': main categories on the left, the hovered one's subcategories in
// 3 masonry columns; category 116 has the alternative layout: boxed groups in 2 columns), and
// the mobile menu's category tree.
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation } from 'react-router'
import { categoryPath } from '../catalog/format'
import { useCategoryTree, type StoreCategory } from '../hooks/api/categories'

export const MINI_NAV_COUNT = 6
export const ALT_LAYOUT_CATEGORY = 116

export function CategoryBar() {
  const { t, i18n } = useTranslation()
  const tree = useCategoryTree(i18n.language).data ?? []
  const [open, setOpen] = useState(false)
  const [current, setCurrent] = useState(0)
  const { pathname } = useLocation()
  const wrap = useRef<HTMLDivElement>(null)

  useEffect(() => setOpen(false), [pathname])
  useEffect(() => {
    if (!open) return
    const onDown = (e: MouseEvent) => {
      if (wrap.current && !wrap.current.contains(e.target as Node)) setOpen(false)
    }
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false)
    }
    document.addEventListener('mousedown', onDown)
    document.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('mousedown', onDown)
      document.removeEventListener('keydown', onKey)
    }
  }, [open])

  const main = tree[current] ?? tree[0]
  return (
    <div className="catbar" ref={wrap}>
      <nav className="container catbar__inner" aria-label={t('category.menu')}>
        <button type="button" className="catbar__all" aria-expanded={open} aria-controls="megamenu" onClick={() => setOpen((o) => !o)}>
          {t('category.allCategories')}
        </button>
        <ul className="catbar__mini">
          {tree.slice(0, MINI_NAV_COUNT).map((c) => (
            <li key={c.id}>
              <Link to={categoryPath(c.slug ?? '')}>{c.name}</Link>
            </li>
          ))}
        </ul>
      </nav>
      {open && tree.length > 0 && (
        <div id="megamenu" className="megamenu">
          <div className="container megamenu__inner">
            <ul className="megamenu__mains">
              {tree.map((c, i) => (
                <li key={c.id}>
                  <button
                    type="button"
                    aria-current={i === current}
                    onMouseEnter={() => setCurrent(i)}
                    onFocus={() => setCurrent(i)}
                    onClick={() => setCurrent(i)}
                  >
                    {c.name}
                  </button>
                </li>
              ))}
            </ul>
            {main && <MenuPanel category={main} />}
          </div>
        </div>
      )}
    </div>
  )
}

function MenuPanel({ category }: { category: StoreCategory }) {
  const { t } = useTranslation()
  const alt = category.id === ALT_LAYOUT_CATEGORY
  return (
    <div className="megamenu__panel" data-testid="megamenu-panel" data-layout={alt ? 'alternative' : 'masonry'}>
      <p>
        <Link to={categoryPath(category.slug ?? '')}>
          <strong>{t('browseHeader.allIn', { name: category.name })}</strong>
        </Link>
      </p>
      <div className={alt ? 'megamenu__masonry megamenu__masonry--alt' : 'megamenu__masonry'}>
        {(category.subcategories ?? []).map((s) => (
          <section key={s.id} className={alt ? 'megamenu__group megamenu__group--alt' : 'megamenu__group'}>
            <h3>
              <Link to={categoryPath(s.slug ?? '')}>{s.name}</Link>
            </h3>
            {(s.subcategories ?? []).length > 0 && (
              <ul>
                {(s.subcategories ?? []).map((x) => (
                  <li key={x.id}>
                    <Link to={categoryPath(x.slug ?? '')}>{x.name}</Link>
                  </li>
                ))}
              </ul>
            )}
          </section>
        ))}
      </div>
    </div>
  )
}

/** MobileCategories is the category tree in the mobile navigation. */
export function MobileCategories() {
  const { t, i18n } = useTranslation()
  const tree = useCategoryTree(i18n.language).data ?? []
  if (!tree.length) return null
  return (
    <div className="mobile-cats-wrap">
      <p className="visually-hidden">{t('browseHeader.categories')}</p>
      <ul className="mobile-cats">
        {tree.map((c) => (
          <li key={c.id}>
            <details>
              <summary>{c.name}</summary>
              <ul>
                <li>
                  <Link to={categoryPath(c.slug ?? '')}>{t('browseHeader.allIn', { name: c.name })}</Link>
                </li>
                {(c.subcategories ?? []).map((s) => (
                  <li key={s.id}>
                    <Link to={categoryPath(s.slug ?? '')}>{s.name}</Link>
                  </li>
                ))}
              </ul>
            </details>
          </li>
        ))}
      </ul>
    </div>
  )
}
