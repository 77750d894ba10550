// The product page's four tabs: Specifikacije (the product's attributes in their order), Opis
// (the rich-text description), Deklaracija (the main category's declaration, loaded when the tab
// opens) and Kalkulator rata.
import { useTranslation } from 'react-i18next'
import { useDeclaration, type StorefrontProduct } from '../hooks/api/productPage'
import { InstalmentCalculator } from './InstalmentCalculator'
import { descriptionText, RichText } from './RichText'
import { Tabs } from './Tabs'

export function ProductTabs({ product }: { product: StorefrontProduct }) {
  const { t } = useTranslation()
  return (
    <Tabs
      label={t('product.tabs.label')}
      tabs={[
        { key: 'specs', label: t('product.tabs.specs'), content: <Specifications product={product} /> },
        { key: 'description', label: t('product.tabs.description'), content: <Description product={product} /> },
        { key: 'declaration', label: t('product.tabs.declaration'), content: <DeclarationPanel product={product} /> },
        {
          key: 'instalments',
          label: t('product.tabs.instalments'),
          content: <InstalmentCalculator retailPrice={product.retail_price ?? product.price} />,
        },
      ]}
    />
  )
}

export function Specifications({ product }: { product: StorefrontProduct }) {
  const { t } = useTranslation()
  const rows = [...(product.attributes ?? [])]
    .filter((a) => a.active !== false && a.value?.value)
    .sort((a, b) => a.order - b.order)
  if (rows.length === 0) return <p className="tabs__empty">{t('product.tabs.noSpecs')}</p>
  return (
    <table className="specs">
      <caption className="visually-hidden">{t('product.tabs.specs')}</caption>
      <tbody>
        {rows.map((a) => (
          <tr key={a.product_attribute_id ?? a.id}>
            <th scope="row">{a.attribute?.name}</th>
            <td>{a.value?.value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

export function Description({ product }: { product: StorefrontProduct }) {
  const { t } = useTranslation()
  if (descriptionText(product.description) === '') return <p className="tabs__empty">{t('product.tabs.noDescription')}</p>
  return <RichText value={product.description} />
}

function DeclarationPanel({ product }: { product: StorefrontProduct }) {
  const { t } = useTranslation()
  const slug = product.mainCategory?.[0]?.slug ?? product.main_category_slug
  const q = useDeclaration(slug)
  if (q.isPending && slug) return <p role="status">{t('product.loading')}</p>
  const d = q.data
  const rows: [string, string | undefined][] = [
    [t('product.declaration.product'), product.name],
    [t('product.declaration.kind'), d?.name],
    [t('product.declaration.sku'), product.sku],
    [t('product.declaration.manufacturer'), product.manufacturer?.value || product.brand?.name],
    [t('product.declaration.origin'), product.country_of_origin || d?.country_of_origin],
    [t('product.declaration.supplier'), product.supplier?.name],
  ]
  return (
    <div className="declaration" data-testid="declaration">
      <table className="specs">
        <caption className="visually-hidden">{t('product.tabs.declaration')}</caption>
        <tbody>
          {rows
            .filter(([, v]) => v)
            .map(([k, v]) => (
              <tr key={k}>
                <th scope="row">{k}</th>
                <td>{v}</td>
              </tr>
            ))}
        </tbody>
      </table>
      {d?.consumer_rights && (
        <p className="declaration__rights">
          <strong>{t('product.declaration.rights')}</strong> {d.consumer_rights}
        </p>
      )}
    </div>
  )
}
