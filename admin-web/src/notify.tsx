// Toasts (error catalogue): antd notifications at the bottom right, gone after 1.5 s, at most
// 10 at once. The QueryClient reports through `toast`, outside React. antd's notification code
// is not part of the first screen: <Toasts/> loads it with the first toast,
// and the toasts asked for meanwhile show as soon as it is there.
import { lazy, Suspense, useEffect, useState } from 'react'
import type { Toast } from './api/errorToast'

export const notificationConfig = { placement: 'bottomRight', duration: 1.5, maxCount: 10 } as const

let show: ((t: Toast) => void) | null = null
let waiting: Toast[] = []
let wake: (() => void) | null = null

export function toast(t: Toast): void {
  if (show) return show(t)
  waiting.push(t)
  wake?.()
}

/** bindToasts: the loaded host hands in how it shows a toast; the waiting ones show now. */
export function bindToasts(fn: ((t: Toast) => void) | null): void {
  show = fn
  if (!fn) return
  const now = waiting
  waiting = []
  now.forEach(fn)
}

const ToastHost = lazy(() => import('./ToastHost'))

/** Toasts renders antd's notification holder once a toast is asked for. Render it inside ConfigProvider. */
export function Toasts() {
  const [wanted, setWanted] = useState(waiting.length > 0)
  useEffect(() => {
    wake = () => setWanted(true)
    if (waiting.length > 0) setWanted(true)
    return () => {
      wake = null
    }
  }, [])
  return wanted ? (
    <Suspense fallback={null}>
      <ToastHost />
    </Suspense>
  ) : null
}
