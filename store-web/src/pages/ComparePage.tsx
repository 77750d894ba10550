// /uporedi-proizvode: up to 4 products side by side (the compare toggle on the cards chooses
// them): image, name, price, brand, then every attribute any of them has.
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { asCard } from '../catalog/format'
import { ProductCard } from '../catalog/ProductCard'
import { clearCompare, removeFromCompare, useCompare } from '../compare/compareStore'
import { useComparedProducts } from '../hooks/api/compare'
import { useIsLoggedIn } from '../session/loginState'
import { useDocumentTitle } from '../shell/useDocumentTitle'
import '../catalog/catalog.css'
import './compare.css'

export function ComparePage() {
  const { t, i18n } = useTranslation()
  useDocumentTitle(t('compare.title'))
  const items = useCompare()
  const loggedIn = useIsLoggedIn()
  const results = useComparedProducts(
    items.map((i) => i.slug),
    i18n.language,
    loggedIn,
  )

  if (!items.length) {
    return (
      <div className="container listing">
        <h1>{t('compare.title')}</h1>
        <p className="listing__empty">{t('compare.empty')}</p>
      </div>
    )
  }

  // Attribute rows: every attribute name any product has, in the first product's order.
  const names: string[] = []
  for (const r of results) {
    for (const a of r.data?.attributes ?? []) {
      const n = a.attribute?.name
      if (n && !names.includes(n)) names.push(n)
    }
  }
  const valueOf = (i: number, name: string) =>
    results[i].data?.attributes?.find((a) => a.attribute?.name === name && a.active !== false)?.value?.value ?? '–'

  return (
    <div className="container listing">
      <div className="compare__head">
        <h1>{t('compare.title')}</h1>
        <button type="button" className="btn btn--ghost" onClick={clearCompare}>
          {t('compare.clear')}
        </button>
      </div>
      <div className="compare__scroll">
        <table className="compare">
          <caption className="visually-hidden">{t('compare.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('compare.attribute')}</th>
              {items.map((it, i) => (
                <th key={it.id} scope="col">
                  {results[i].data ? (
                    <ProductCard product={asCard(results[i].data)} />
                  ) : results[i].isError ? (
                    <p>
                      {it.name} — {t('compare.missing')}
                    </p>
                  ) : (
                    <div className="product-card product-card--skeleton" />
                  )}
                  <button type="button" className="linklike" onClick={() => removeFromCompare(it.id)}>
                    {t('compare.remove', { name: it.name })}
                  </button>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">{t('compare.brand')}</th>
              {items.map((it, i) => (
                <td key={it.id}>{results[i].data?.brand?.name ?? '–'}</td>
              ))}
            </tr>
            {names.map((n) => (
              <tr key={n}>
                <th scope="row">{n}</th>
                {items.map((it, i) => (
                  <td key={it.id}>{valueOf(i, n)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p>
        <Link to="/">{t('category.home')}</Link>
      </p>
    </div>
  )
}

export default ComparePage
