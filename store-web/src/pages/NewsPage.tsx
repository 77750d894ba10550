// /vesti/{id}: one news post.
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { useNewsPost } from '../hooks/api/news'
import { formatDate } from '../product/format'
import { HtmlBody } from '../product/HtmlBody'
import '../product/pages.css'
import { useDocumentTitle } from '../shell/useDocumentTitle'
import { NotFoundPage } from './NotFoundPage'

export function NewsPage() {
  const { t } = useTranslation()
  const { id = '' } = useParams()
  const q = useNewsPost(id)
  useDocumentTitle(q.data?.title)

  if (q.isPending) {
    return (
      <div className="container content-page" role="status" aria-label={t('newsPage.loading')}>
        <div className="content-page__skeleton" />
      </div>
    )
  }
  if (q.isError) return <NotFoundPage />
  const n = q.data
  return (
    <article className="container content-page" data-testid="news-post">
      <p>
        <Link to="/vesti">{t('newsPage.back')}</Link>
      </p>
      <h1>{n.title}</h1>
      <time dateTime={n.published_at}>{formatDate(n.published_at)}</time>
      {n.image_url && <img className="content-page__hero" src={n.image_url} alt="" width={1200} height={675} />}
      <HtmlBody html={n.body_html} className="content-page__body" />
    </article>
  )
}
