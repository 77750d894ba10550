// Stand-in product card (the store-browse work owns the real one with this export and props).
import { Link } from 'react-router'
import type { components } from '@shop/shared'

export function ProductCard({ product }: { product: components['schemas']['StorefrontProductCard'] }) {
  return (
    <article className="product-card" data-testid="product-card">
      <Link to={`/kategorije/${product.main_category_slug}/proizvodi/${product.slug}`}>{product.name}</Link>
      <p>{(product.price ?? 0).toFixed(2)} RSD</p>
    </article>
  )
}
