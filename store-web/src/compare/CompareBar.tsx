// The way into the comparison: once a product is ticked "Uporedi", listings and the product
// page show the chosen ones (count, thumbnails, each removable) and the link to
// /uporedi-proizvode. Without it the compare page was reachable only by typing its address.
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { paths } from '../routes/paths'
import { clearCompare, COMPARE_MAX, removeFromCompare, useCompare } from './compareStore'
import './compare.css'

export function CompareBar() {
  const { t } = useTranslation()
  const items = useCompare()
  if (items.length === 0) return null
  return (
    <section className="compare-bar" aria-label={t('compare.title')} data-testid="compare-bar">
      <p className="compare-bar__count">{t('compare.chosen', { count: items.length, max: COMPARE_MAX })}</p>
      <ul className="compare-bar__items">
        {items.map((it) => (
          <li key={it.id} className="compare-bar__item">
            {it.image ? (
              <img src={it.image} alt="" width={40} height={40} />
            ) : (
              <span className="compare-bar__placeholder" aria-hidden="true" />
            )}
            <span className="compare-bar__name" title={it.name}>
              {it.name}
            </span>
            <button
              type="button"
              className="compare-bar__remove"
              aria-label={t('compare.remove', { name: it.name })}
              title={t('compare.remove', { name: it.name })}
              onClick={() => removeFromCompare(it.id)}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
      <div className="compare-bar__actions">
        <Link to={paths.compare} className="btn btn--primary">
          {t('compare.go')}
        </Link>
        <button type="button" className="btn btn--ghost" onClick={clearCompare}>
          {t('compare.clear')}
        </button>
      </div>
    </section>
  )
}
