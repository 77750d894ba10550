// The header's category navigation: the bar of the main categories (as many as fit; the rest
// under 'Više', so every main category is one click away on a desktop too), the masonry menu ('Sve kategorije': main categories on the left, the hovered one's subcategories in
// 3 masonry columns; category 116 has the alternative layout: boxed groups in 2 columns), and
// the mobile menu's category tree.
import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation } from 'react-router'
import { categoryPath } from '../catalog/format'
import { useCategoryTree, type StoreCategory } from '../hooks/api/categories'

export const ALT_LAYOUT_CATEGORY = 116

/**
 * fitCount is how many of the items (their widths, in order) fit in room beside 'Više' (more):
 * all of them when they fit without it, else the most that fit with it.
 */
export function fitCount(widths: number[], room: number, more: number): number {
  const total = widths.reduce((a, b) => a + b, 0)
  if (total <= room) return widths.length
  let used = more
  let n = 0
  for (const w of widths) {
    if (used + w > room) break
    used += w
    n++
  }
  return n
}

/** useFit measures the bar's items in a hidden copy and answers how many fit in the bar. */
function useFit(count: number) {
  const nav = useRef<HTMLElement>(null)
  const measure = useRef<HTMLUListElement>(null)
  const [fit, setFit] = useState(count)
  useLayoutEffect(() => {
    const bar = nav.current
    const copy = measure.current
    if (!bar || !copy) return
    const compute = () => {
      const items = [...copy.children] as HTMLElement[]
      const widths = items.slice(0, -1).map((li) => li.getBoundingClientRect().width)
      const more = items.at(-1)?.getBoundingClientRect().width ?? 0
      const style = getComputedStyle(bar)
      const all = bar.querySelector<HTMLElement>('.catbar__all')?.getBoundingClientRect().width ?? 0
      const room = bar.clientWidth - parseFloat(style.paddingLeft || '0') - parseFloat(style.paddingRight || '0') - all - 8
      // Nothing laid out (a test's DOM, a hidden bar): show them all.
      setFit(bar.clientWidth === 0 ? count : fitCount(widths, room, more))
    }
    compute()
    if (typeof ResizeObserver === 'undefined') return
    const ro = new ResizeObserver(compute)
    ro.observe(bar)
    return () => ro.disconnect()
  }, [count])
  return { nav, measure, fit }
}

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

  const { nav, measure, fit } = useFit(tree.length)
  const [moreOpen, setMoreOpen] = useState(false)
  useEffect(() => setMoreOpen(false), [pathname])
  useEffect(() => {
    if (!moreOpen) return
    const onDown = (e: MouseEvent) => {
      if (!(e.target as Element).closest?.('.catbar__more')) setMoreOpen(false)
    }
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key === 'Escape') setMoreOpen(false)
    }
    document.addEventListener('mousedown', onDown)
    document.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('mousedown', onDown)
      document.removeEventListener('keydown', onKey)
    }
  }, [moreOpen])

  const main = tree[current] ?? tree[0]
  const shown = tree.slice(0, fit)
  const rest = tree.slice(fit)
  return (
    <div className="catbar" ref={wrap}>
      <nav className="container catbar__inner" aria-label={t('category.menu')} ref={nav}>
        <button type="button" className="catbar__all" aria-expanded={open} aria-controls="megamenu" onClick={() => setOpen((o) => !o)}>
          {t('category.allCategories')}
        </button>
        <ul className="catbar__mini" data-testid="catbar-mini">
          {shown.map((c) => (
            <li key={c.id}>
              <Link to={categoryPath(c.slug)}>{c.name}</Link>
            </li>
          ))}
          {rest.length > 0 && (
            <li className="catbar__more">
              <button type="button" aria-expanded={moreOpen} aria-controls="catbar-more" onClick={() => setMoreOpen((o) => !o)}>
                {t('category.more')} ▾
              </button>
              {moreOpen && (
                <ul id="catbar-more" className="catbar__more-list">
                  {rest.map((c) => (
                    <li key={c.id}>
                      <Link to={categoryPath(c.slug)}>{c.name}</Link>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          )}
        </ul>
        {/* The same items, laid out but unseen, so that their widths can be read. */}
        <ul className="catbar__mini catbar__measure" aria-hidden="true" ref={measure}>
          {tree.map((c) => (
            <li key={c.id}>
              <span>{c.name}</span>
            </li>
          ))}
          <li>
            <span>{t('category.more')} ▾</span>
          </li>
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
        <Link to={categoryPath(category.slug)}>
          <strong>{t('browseHeader.allIn', { name: category.name })}</strong>
        </Link>
      </p>
      <div className={alt ? 'megamenu__masonry megamenu__masonry--alt' : 'megamenu__masonry'}>
        {(category.subcategories ?? []).map((s) => (
          <section key={s.id} className={alt ? 'megamenu__group megamenu__group--alt' : 'megamenu__group'}>
            <h3>
              <Link to={categoryPath(s.slug)}>{s.name}</Link>
            </h3>
            {(s.subcategories ?? []).length > 0 && (
              <ul>
                {(s.subcategories ?? []).map((x) => (
                  <li key={x.id}>
                    <Link to={categoryPath(x.slug)}>{x.name}</Link>
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
                  <Link to={categoryPath(c.slug)}>{t('browseHeader.allIn', { name: c.name })}</Link>
                </li>
                {(c.subcategories ?? []).map((s) => (
                  <li key={s.id}>
                    <Link to={categoryPath(s.slug)}>{s.name}</Link>
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
