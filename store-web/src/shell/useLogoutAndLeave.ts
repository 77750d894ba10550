// Logout from the storefront: the session ends, and with the storefront on the user goes home.
// (On a login-required page the route guard already sends the user home; RequireLogin.)
import { useNavigate } from 'react-router'
import { useLogout, useModules } from '../hooks/api/session'
import { pathAfterLogout } from './rules'

export function useLogoutAndLeave() {
  const logout = useLogout()
  const modules = useModules()
  const navigate = useNavigate()
  return {
    isPending: logout.isPending,
    run: () =>
      logout.mutate(undefined, {
        onSettled: () => {
          const next = pathAfterLogout(modules.data)
          if (next) navigate(next)
        },
      }),
  }
}
