// A grid of product cards; the first row's images load eagerly (above the fold).
import { ProductCard } from './ProductCard'
import type { ProductCard as Card } from './format'

export function ProductGrid({ products, label, eagerFirst = 4 }: { products: Card[]; label?: string; eagerFirst?: number }) {
  return (
    <ul className="product-grid" aria-label={label}>
      {products.map((p, i) => (
        <li key={p.id}>
          <ProductCard product={p} eager={i < eagerFirst} />
        </li>
      ))}
    </ul>
  )
}

/** GridSkeleton keeps the grid's space while it loads (no layout shift). */
export function GridSkeleton({ count = 8 }: { count?: number }) {
  return (
    <ul className="product-grid product-grid--skeleton" aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <li key={i}>
          <div className="product-card product-card--skeleton" />
        </li>
      ))}
    </ul>
  )
}
