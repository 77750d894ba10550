// /vesti: the news, newest first, paginated (?page=).
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { useNewsList } from '../hooks/api/news'
import { formatDate } from '../product/format'
import { lastPage, Pagination } from '../product/Pagination'
import '../product/pages.css'
import { useDocumentTitle } from '../shell/useDocumentTitle'

export function NewsListPage() {
  const { t } = useTranslation()
  useDocumentTitle(t('newsPage.title'))
  const [params] = useSearchParams()
  const page = Math.max(1, Number(params.get('page')) || 1)
  const q = useNewsList(page)

  return (
    <div className="container content-page" data-testid="news-list">
      <h1>{t('newsPage.title')}</h1>
      {q.isPending ? (
        <p role="status">{t('newsPage.loading')}</p>
      ) : q.isError ? (
        <p role="alert">{t('newsPage.error')}</p>
      ) : q.data.data.length === 0 ? (
        <p>{t('newsPage.empty')}</p>
      ) : (
        <>
          <ul className="news-grid">
            {q.data.data.map((n) => (
              <li key={n.id} className="news-card">
                <Link to={`/vesti/${n.id}`} className="news-card__link">
                  {n.image_url ? (
                    <img src={n.image_url} alt="" width={400} height={225} loading="lazy" />
                  ) : (
                    <span className="news-card__noimg" aria-hidden="true" />
                  )}
                  <h2>{n.title}</h2>
                </Link>
                <time dateTime={n.published_at}>{formatDate(n.published_at)}</time>
                <p>{n.excerpt}</p>
              </li>
            ))}
          </ul>
          <Pagination current={page} last={lastPage(q.data.meta)} />
        </>
      )}
    </div>
  )
}
