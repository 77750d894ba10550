// The cart's notices: the server's message after an add (or its refusal), shown by CartNotice in
// the storefront frame for a few seconds, wherever the shopper clicked.
import { useSyncExternalStore } from 'react'

export interface Notice {
  id: number
  kind: 'success' | 'error'
  text: string
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

export function showNotice(kind: Notice['kind'], text: string): void {
  current = { id: ++seq, kind, text }
  clearTimeout(timer)
  timer = setTimeout(closeNotice, NOTICE_MS)
  emit()
}

export function closeNotice(): void {
  current = null
  clearTimeout(timer)
  emit()
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
