// /akcije/{slug} and the staff preview /akcije/pregled/{id}: an action's products, 24/48/72 a
// page, sorted as the category page sorts; page, size and sort live in the URL's query.
import { useTranslation } from 'react-i18next'
import { useParams, useSearchParams } from 'react-router'
import type { ProductCard as Card } from '../api/contract'
import { SORT_LABELS, SORTS } from '../catalog/filters'
import { ProductCard } from '../catalog/ProductCard'
import { CompareBar } from '../compare/CompareBar'
import { useActionProducts } from '../hooks/api/actions'
import { formatDate } from '../product/format'
import { lastPage, Pagination } from '../product/Pagination'
import '../product/pages.css'
import { useDocumentTitle } from '../shell/useDocumentTitle'
import { NotFoundPage } from './NotFoundPage'

export const actionPageSizes = [24, 48, 72] as const
export const actionSorts = SORTS

/** pageSize: 24, 48 or 72 (96 is answered as 72; anything else is 24). */
export function pageSize(v: string | null): number {
  const n = Number(v)
  if (n === 96) return 72
  return (actionPageSizes as readonly number[]).includes(n) ? n : 24
}

export function ActionPage({ preview = false }: { preview?: boolean }) {
  const { t } = useTranslation()
  const { slug = '', id = '' } = useParams()
  const [params, setParams] = useSearchParams()
  const page = Math.max(1, Number(params.get('page')) || 1)
  const paginate = pageSize(params.get('paginate'))
  const sortParam = params.get('sort') ?? ''
  const sort = (actionSorts as readonly string[]).includes(sortParam) ? sortParam : 'newest'
  const q = useActionProducts(preview ? { previewId: id } : { slug }, { page, paginate, sort })
  useDocumentTitle(q.data?.data.sticker.name ?? t('actionsPage.title'))

  function change(key: 'paginate' | 'sort', value: string) {
    const next = new URLSearchParams(params)
    next.set(key, value)
    next.delete('page')
    setParams(next)
  }

  if (q.isPending) {
    return (
      <div className="container content-page" role="status" aria-label={t('actionsPage.loading')}>
        <div className="content-page__skeleton" />
      </div>
    )
  }
  if (q.isError) return <NotFoundPage />
  const { sticker, products } = q.data.data
  return (
    <div className="container content-page" data-testid="action-page">
      {preview && <p className="content-page__preview">{t('actionsPage.preview')}</p>}
      <header className="action-head">
        {sticker.image_url && <img src={sticker.image_url} alt="" width={160} height={90} />}
        <div>
          <h1>{sticker.name}</h1>
          <p className="action-card__dates">{t('actionsPage.dates', { from: formatDate(sticker.from), to: formatDate(sticker.to) })}</p>
        </div>
      </header>
      <div className="list-tools">
        <p>{t('actionsPage.total', { n: q.data.meta.total })}</p>
        <label>
          {t('category.sort')}{' '}
          <select value={sort} onChange={(e) => change('sort', e.target.value)}>
            {actionSorts.map((s) => (
              <option key={s} value={s}>
                {t(SORT_LABELS[s])}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('actionsPage.perPage')}{' '}
          <select value={paginate} onChange={(e) => change('paginate', e.target.value)}>
            {actionPageSizes.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
      </div>
      <CompareBar />
      {products.length === 0 ? (
        <p>{t('actionsPage.noProducts')}</p>
      ) : (
        <div className="card-grid">
          {products.map((p: Card) => (
            <ProductCard key={p.id} product={p} />
          ))}
        </div>
      )}
      <Pagination current={page} last={lastPage(q.data.meta)} />
    </div>
  )
}
