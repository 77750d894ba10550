// /akcije: today's actions (catalog sticker types active by the shop's clock) as image cards.
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useActions } from '../hooks/api/actions'
import { formatDate } from '../product/format'
import '../product/pages.css'
import { useDocumentTitle } from '../shell/useDocumentTitle'

export function ActionsPage() {
  const { t } = useTranslation()
  useDocumentTitle(t('actionsPage.title'))
  const q = useActions()

  return (
    <div className="container content-page" data-testid="actions-page">
      <h1>{t('actionsPage.title')}</h1>
      {q.isPending ? (
        <p role="status">{t('actionsPage.loading')}</p>
      ) : q.isError ? (
        <p role="alert">{t('actionsPage.error')}</p>
      ) : q.data.length === 0 ? (
        <p>{t('actionsPage.empty')}</p>
      ) : (
        <ul className="action-grid">
          {q.data.map((a) => (
            <li key={a.id} className="action-card">
              <Link to={`/akcije/${a.slug}`}>
                {a.image_url ? (
                  <img src={a.image_url} alt="" width={400} height={225} loading="lazy" />
                ) : (
                  <span className="action-card__noimg" aria-hidden="true" />
                )}
                <h2>{a.name}</h2>
              </Link>
              <p className="action-card__dates">{t('actionsPage.dates', { from: formatDate(a.from), to: formatDate(a.to) })}</p>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
