// Code splitting by route: each screen is its own chunk, loaded when its route is first shown,
// so the login screen does not pay for the product editor's rich text or the lists' tables.
import { Suspense, lazy, type ComponentType, type ReactNode } from 'react'
import { Loading } from './auth/guards'

/**
 * lazyPage: a named export of a page module as a lazily loaded component. The import() must be
 * written at the call site (`() => import('./pages/x/X')`) so the bundler sees the split point.
 */
// a page's props are its own, hence any (React.lazy's own bound is ComponentType<any>)
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyPage<M extends Record<K, ComponentType<any>>, K extends keyof M & string>(load: () => Promise<M>, name: K) {
  return lazy(async () => ({ default: (await load())[name] }))
}

/** Lazy shows the spinner while a screen's chunk loads. */
export function Lazy({ children }: { children: ReactNode }) {
  return <Suspense fallback={<Loading />}>{children}</Suspense>
}
