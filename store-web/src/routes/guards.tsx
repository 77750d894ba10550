// Route guards: guest-only pages (login, register, password pages) send a logged-in user home
// (or back where the login was asked for); login-required pages send a guest to /login, and a
// user who just logged out home.
import { Navigate, Outlet, useLocation } from 'react-router'
import { endedByLogout, useIsLoggedIn } from '../session/loginState'
import { paths } from './paths'

interface FromState {
  from?: string
}

/** returnPath is where a login asked for by RequireLogin goes back to; home otherwise. */
export function returnPath(state: unknown): string {
  const from = (state as FromState | null)?.from
  // Only paths of this site: never an absolute or protocol-relative address.
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : paths.home
}

export function GuestOnly() {
  const loggedIn = useIsLoggedIn()
  const location = useLocation()
  if (loggedIn) return <Navigate to={returnPath(location.state)} replace />
  return <Outlet />
}

export function RequireLogin() {
  const loggedIn = useIsLoggedIn()
  const location = useLocation()
  if (!loggedIn) {
    if (endedByLogout()) return <Navigate to={paths.home} replace />
    const state: FromState = { from: location.pathname + location.search }
    return <Navigate to={paths.login} state={state} replace />
  }
  return <Outlet />
}
