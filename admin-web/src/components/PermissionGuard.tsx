// PermissionGuard renders its content only for super-admin or a holder of the permission (spec 6).
import type { Permission } from '@shop/shared'
import type { ReactNode } from 'react'
import { can } from '../auth/access'
import { useMe } from '../hooks/api/session'

export function PermissionGuard({ permission, children, fallback = null }: { permission: Permission; children: ReactNode; fallback?: ReactNode }) {
  const { data: me } = useMe()
  return <>{can(me, permission) ? children : fallback}</>
}
