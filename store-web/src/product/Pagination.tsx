// The storefront's pagination (spec 2): at most 5 page links in full; more pages show the first,
// the neighbours of the current one and the last, with ellipses between.
import { useTranslation } from 'react-i18next'
import { Link, useLocation } from 'react-router'

/** pageItems: the page numbers to show, 0 for an ellipsis. */
export function pageItems(current: number, last: number): number[] {
  if (last <= 5) return Array.from({ length: last }, (_, i) => i + 1)
  const from = Math.max(2, Math.min(current - 1, last - 3))
  const to = Math.min(last - 1, Math.max(current + 1, 4))
  const out = [1]
  if (from > 2) out.push(0)
  for (let p = from; p <= to; p++) out.push(p)
  if (to < last - 1) out.push(0)
  out.push(last)
  return out
}

export function Pagination({ current, last }: { current: number; last: number }) {
  const { t } = useTranslation()
  const { pathname, search } = useLocation()
  if (last <= 1) return null
  const href = (p: number) => {
    const q = new URLSearchParams(search)
    if (p === 1) q.delete('page')
    else q.set('page', String(p))
    const s = q.toString()
    return pathname + (s ? `?${s}` : '')
  }
  return (
    <nav className="pager" aria-label={t('contentPager.label')}>
      <ul>
        {current > 1 && (
          <li>
            <Link to={href(current - 1)} aria-label={t('contentPager.previous')}>
              ‹
            </Link>
          </li>
        )}
        {pageItems(current, last).map((p, i) =>
          p === 0 ? (
            <li key={`gap${i}`} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={p}>
              {p === current ? (
                <span aria-current="page">{p}</span>
              ) : (
                <Link to={href(p)} aria-label={t('contentPager.page', { n: p })}>
                  {p}
                </Link>
              )}
            </li>
          ),
        )}
        {current < last && (
          <li>
            <Link to={href(current + 1)} aria-label={t('contentPager.next')}>
              ›
            </Link>
          </li>
        )}
      </ul>
    </nav>
  )
}

/** lastPage: from meta.last_page, else total / size rounded up (spec 9). */
export function lastPage(meta: { total: number; per_page: number; last_page?: number } | undefined): number {
  if (!meta) return 1
  if (meta.last_page) return meta.last_page
  return Math.max(1, Math.ceil(meta.total / Math.max(1, meta.per_page)))
}
