// The listing's pages: links (so they can be opened and shared), at most 5 in full, else the
// first, the last and the current page's neighbours with gaps.
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { pageList } from './filters'

export function Pagination({ page, last, href }: { page: number; last: number; href: (page: number) => string }) {
  const { t } = useTranslation()
  if (last <= 1) return null
  return (
    <nav className="pagination" aria-label={t('category.pagination')}>
      <ul>
        {page > 1 && (
          <li>
            <Link to={href(page - 1)} rel="prev">
              {t('category.prev')}
            </Link>
          </li>
        )}
        {pageList(page, last).map((p, i) =>
          p === 0 ? (
            <li key={`gap${i}`}>
              <span aria-hidden="true">…</span>
            </li>
          ) : (
            <li key={p}>
              <Link to={href(p)} aria-label={t('category.page', { page: p })} aria-current={p === page ? 'page' : undefined}>
                {p}
              </Link>
            </li>
          ),
        )}
        {page < last && (
          <li>
            <Link to={href(page + 1)} rel="next">
              {t('category.next')}
            </Link>
          </li>
        )}
      </ul>
    </nav>
  )
}
