// Who may see what (spec 6): super-admin holds every permission; a customer has no back office.
import { Role, type Permission } from '@shop/shared'

// The role and permission names come from the server's constants (web-shared/src/permissions.ts).
export const SUPER_ADMIN = Role.SuperAdmin
export const CUSTOMER = Role.Customer

/** Principal is the part of the logged-in user the access rules read. */
export interface Principal {
  roles?: string[]
  permissions?: string[]
}

export function isSuperAdmin(u: Principal | null | undefined): boolean {
  return !!u?.roles?.includes(SUPER_ADMIN)
}

/** can: no permission named, or super-admin, or the user holds it. */
export function can(u: Principal | null | undefined, permission?: Permission): boolean {
  if (!permission) return true
  return isSuperAdmin(u) || !!u?.permissions?.includes(permission)
}

/** isStaff: the user holds some role other than customer (only staff use the back office). */
export function isStaff(u: Principal | null | undefined): boolean {
  return (u?.roles ?? []).some((r) => r !== CUSTOMER)
}

/** moduleEnabled: no module named, or the module is in the enabled list. */
export function moduleEnabled(modules: readonly string[] | null | undefined, module?: string): boolean {
  return !module || !!modules?.includes(module)
}
