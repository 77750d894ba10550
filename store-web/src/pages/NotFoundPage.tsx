// Any unknown path: a not-found page with a go-back link.
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import { paths } from '../routes/paths'
import { useDocumentTitle } from '../shell/useDocumentTitle'

/** canGoBack: the router numbers its history entries; 0 is the first page of this visit. */
function canGoBack(): boolean {
  const idx = (window.history.state as { idx?: number } | null)?.idx
  return typeof idx === 'number' && idx > 0
}

export function NotFoundPage() {
  const { t } = useTranslation()
  useDocumentTitle(t('notFound.title'))
  const navigate = useNavigate()

  return (
    <div className="container status-page" data-testid="not-found">
      <p className="status-page__code">{t('notFound.code')}</p>
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.text')}</p>
      <div className="status-page__actions">
        <a
          href={paths.home}
          className="btn btn--primary"
          onClick={(e) => {
            e.preventDefault()
            if (canGoBack()) navigate(-1)
            else navigate(paths.home)
          }}
        >
          {t('notFound.back')}
        </a>
        <Link to={paths.home} className="btn btn--ghost">
          {t('notFound.home')}
        </Link>
      </div>
    </div>
  )
}
