// The order the thank-you page shows: handed over in the navigation's state, and kept for the
// browser tab's session so a reload of /hvala-na-kupovini/{number} still shows it (a guest has
// no other way to read the order back).
import type { Order } from '../hooks/api/orders'

const key = (number: string) => `order:${number}`

export function rememberOrder(o: Order): void {
  try {
    sessionStorage.setItem(key(o.number), JSON.stringify(o))
  } catch {
    // Storage full or blocked: the page still has the navigation's state.
  }
}

export function recallOrder(number: string): Order | null {
  try {
    const raw = sessionStorage.getItem(key(number))
    return raw ? (JSON.parse(raw) as Order) : null
  } catch {
    return null
  }
}
