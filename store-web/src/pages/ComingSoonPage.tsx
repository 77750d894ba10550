// The one page for storefront routes whose screens come with later work.
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { paths } from '../routes/paths'
import { useDocumentTitle } from '../shell/useDocumentTitle'

export function ComingSoonPage() {
  const { t } = useTranslation()
  useDocumentTitle(t('comingSoon.title'))
  return (
    <div className="container status-page" data-testid="coming-soon">
      <h1>{t('comingSoon.title')}</h1>
      <p>{t('comingSoon.text')}</p>
      <div className="status-page__actions">
        <Link to={paths.home} className="btn btn--primary">
          {t('comingSoon.home')}
        </Link>
      </div>
    </div>
  )
}
