// The product's answered questions ('Pitanja i odgovori') and approved ratings, as the API lists
// them (the question and rating forms come with the ratings and questions work).
import { useTranslation } from 'react-i18next'
import { formatDate } from './format'

interface Question {
  id?: number
  name?: string
  question?: string
  answer?: string
  created_at?: string
  user?: { name?: string } | null
}

interface Rating {
  id?: number
  name?: string
  rating?: number
  comment?: string
  created_at?: string
  user?: { name?: string } | null
}

export function Questions({ items }: { items: unknown[] | undefined }) {
  const { t } = useTranslation()
  const qs = (items ?? []) as Question[]
  return (
    <section className="product-section" aria-labelledby="product-questions">
      <h2 id="product-questions">{t('product.questions.title')}</h2>
      {qs.length === 0 ? (
        <p className="product-section__empty">{t('product.questions.empty')}</p>
      ) : (
        <ul className="qa-list">
          {qs.map((q, i) => (
            <li key={q.id ?? i} className="qa-list__item">
              <p className="qa-list__meta">
                <strong>{q.name || q.user?.name}</strong> {q.created_at && <time dateTime={q.created_at}>{formatDate(q.created_at)}</time>}
              </p>
              <p className="qa-list__q">{q.question}</p>
              {q.answer && (
                <p className="qa-list__a">
                  <span className="qa-list__label">{t('product.questions.answer')}</span> {q.answer}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

export function Ratings({ items }: { items: unknown[] | undefined }) {
  const { t, i18n } = useTranslation()
  const rs = (items ?? []) as Rating[]
  const scores = rs.map((r) => r.rating ?? 0).filter((n) => n > 0)
  const average = scores.length ? scores.reduce((a, b) => a + b, 0) / scores.length : 0
  return (
    <section className="product-section" aria-labelledby="product-ratings">
      <h2 id="product-ratings">{t('product.ratings.title')}</h2>
      {rs.length === 0 ? (
        <p className="product-section__empty">{t('product.ratings.empty')}</p>
      ) : (
        <>
          <p className="ratings__average">{t('product.ratings.average', { average: average.toLocaleString(i18n.language === 'en' ? 'en-GB' : 'de-DE', { minimumFractionDigits: 1, maximumFractionDigits: 1 }), n: rs.length })}</p>
          <ul className="qa-list">
            {rs.map((r, i) => (
              <li key={r.id ?? i} className="qa-list__item">
                <p className="qa-list__meta">
                  <span className="stars" role="img" aria-label={t('product.ratings.stars', { n: r.rating ?? 0 })}>
                    {'★'.repeat(r.rating ?? 0)}
                    {'☆'.repeat(Math.max(0, 5 - (r.rating ?? 0)))}
                  </span>{' '}
                  <strong>{r.name || r.user?.name}</strong>{' '}
                  {r.created_at && <time dateTime={r.created_at}>{formatDate(r.created_at)}</time>}
                </p>
                {r.comment && <p>{r.comment}</p>}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  )
}
