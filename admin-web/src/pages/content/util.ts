import type { Permission } from '@shop/shared'
import { ApiError } from '../../api/client'
import { can } from '../../auth/access'
import { useMe } from '../../hooks/api/session'

/** isNotFound: a load that answered 404 (the screen shows the not-found page). */
export function isNotFound(err: unknown): boolean {
  return err instanceof ApiError && err.status === 404
}

/** useCan: whether the logged-in user holds a permission (super-admins hold all). */
export function useCan(): (p: Permission) => boolean {
  const { data: me } = useMe()
  return (p) => can(me, p)
}
