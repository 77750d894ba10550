// The shell rules (back-office specification 2.2): which shell a path gets, who sees the
// Admin Panel link, where a user goes after logout.

export type Shell = 'admin' | 'storefront' | 'storefront-off'

export const FRONTEND_MODULE = 'Frontend'

export function isAdminPath(pathname: string): boolean {
  return pathname === '/admin' || pathname.startsWith('/admin/')
}

export function hasFrontend(modules: readonly string[] | null | undefined): boolean {
  return Array.isArray(modules) && modules.includes(FRONTEND_MODULE)
}

/**
 * shellFor: admin paths belong to the back office; any other path gets the storefront only when
 * the module list is known and holds Frontend, else the non-frontend default screen.
 */
export function shellFor(pathname: string, modules: readonly string[] | null | undefined): Shell {
  if (isAdminPath(pathname)) return 'admin'
  return hasFrontend(modules) ? 'storefront' : 'storefront-off'
}

/** canSeeAdminPanel: any role other than customer shows the Admin Panel link. */
export function canSeeAdminPanel(user: { roles?: readonly string[] } | null | undefined): boolean {
  return (user?.roles ?? []).some((r) => r !== 'customer')
}

/** pathAfterLogout: home when the storefront is on; otherwise the user stays where they are. */
export function pathAfterLogout(modules: readonly string[] | null | undefined): string | null {
  return hasFrontend(modules) ? '/' : null
}
