// The cart's notices: the server's message after an add (or its refusal), shown by CartNotice in
// the storefront frame for a few seconds, wherever the shopper clicked.
import { useSyncExternalStore } from 'react'

export interface Notice {
  id: number
  kind: 'success' | 'error'
  text: string
  /** travels: the notice is about the move to the next page (a registration landing home). */
  travels?: boolean
}

/** How long a notice stays (ms). */
export const NOTICE_MS = 4000

let current: Notice | null = null
let seq = 0
let timer: ReturnType<typeof setTimeout> | undefined
const listeners = new Set<() => void>()

function emit(): void {
  for (const l of listeners) l()
}

export function showNotice(kind: Notice['kind'], text: string, opts: { travels?: boolean } = {}): void {
  current = { id: ++seq, kind, text, travels: opts.travels }
  clearTimeout(timer)
  timer = setTimeout(closeNotice, NOTICE_MS)
  emit()
}

export function closeNotice(): void {
  current = null
  clearTimeout(timer)
  emit()
}

/** leavePage closes the notice of the page left: "added to the cart" must not follow the
 * shopper to the cart and cover its buttons. A travelling notice survives one change of page. */
export function leavePage(): void {
  if (!current) return
  if (current.travels) {
    current = { ...current, travels: false }
    return
  }
  closeNotice()
}

export function useNotice(): Notice | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l)
      return () => listeners.delete(l)
    },
    () => current,
  )
}
