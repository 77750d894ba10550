// Analytics: the storefront pushes add-to-cart and add-to-wish-list events (spec 7) to the
// tag manager's dataLayer, created when absent.
import type { ProductCard } from '../catalog/format'

declare global {
  interface Window {
    dataLayer?: unknown[]
  }
}

export function pushProductEvent(event: 'add_to_cart' | 'add_to_wishlist', product: ProductCard, quantity = 1): void {
  window.dataLayer = window.dataLayer ?? []
  window.dataLayer.push({
    event,
    ecommerce: {
      currency: 'RSD',
      value: product.price,
      items: [{ item_id: String(product.id), item_name: product.name, price: product.price, quantity }],
    },
  })
}
