// Route guards: a session is needed for the back office, guests only on the login page, and a
// screen's module (else the user is sent back, spec 6) and permission (else the Unauthorized page,
// the error catalogue's 403 text, at the address the user asked for).
import { Spin } from 'antd'
import { getToken } from '@shop/shared'
import { lazy, Suspense, useEffect, useRef, type ReactNode } from 'react'
import { Navigate, Outlet, useLocation } from 'react-router'
import { useGoBack } from '../components/useGoBack'
import { useMe, useModules } from '../hooks/api/session'
import type { Screen } from '../screens'
import { can, moduleEnabled } from './access'

// rarely shown, and antd's Result brings its pictures: loaded when needed
const Unauthorized = lazy(async () => ({ default: (await import('../components/Unauthorized')).Unauthorized }))

/** RequireAuth: without a token the user goes to the login page (and comes back after it). */
export function RequireAuth() {
  const location = useLocation()
  if (!getToken()) return <Navigate to="/login" replace state={{ from: location }} />
  return <Outlet />
}

/** GuestOnly: a logged-in user has no business on the login page: to the admin home. */
export function GuestOnly({ children }: { children: ReactNode }) {
  if (getToken()) return <Navigate to="/" replace />
  return <>{children}</>
}

export function Loading() {
  return (
    <div style={{ display: 'flex', justifyContent: 'center', padding: 48 }}>
      <Spin size="large" />
    </div>
  )
}

/** ScreenGuard checks a screen's module and permission before showing it. */
export function ScreenGuard({ screen, children }: { screen: Screen; children: ReactNode }) {
  const me = useMe()
  const modules = useModules()
  const waiting = me.isPending || (screen.module !== undefined && modules.isPending)
  if (waiting) return <Loading />
  if (!moduleEnabled(modules.data, screen.module)) return <SendBack />
  if (!can(me.data, screen.permission))
    return (
      <Suspense fallback={<Loading />}>
        <Unauthorized />
      </Suspense>
    )
  return <>{children}</>
}

function SendBack() {
  const goBack = useGoBack()
  const done = useRef(false)
  useEffect(() => {
    if (done.current) return
    done.current = true
    goBack()
  }, [goBack])
  return null
}
