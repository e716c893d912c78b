import type { StaffRole } from '../roles.ts'
import { useSession } from './session-store.ts'

/**
 * What each role may do on the users and adjustments pages, as the server's list says it
 * (apps/server/src/staff/roles.ts; admin may do everything). Only for showing the right buttons:
 * the server checks every call on its own.
 */
const PERMISSIONS = {
  'adjustments.request': ['finance'],
  'adjustments.approve': [],
  'users.manage': [],
  'positions.close': ['dealer'],
} as const satisfies Record<string, readonly StaffRole[]>

export type UserPermission = keyof typeof PERMISSIONS

export function can(role: StaffRole | undefined, permission: UserPermission): boolean {
  if (!role) return false
  return role === 'admin' || (PERMISSIONS[permission] as readonly StaffRole[]).includes(role)
}

/** Whether the signed-in staff member may do `permission`. */
export function useCan(): (permission: UserPermission) => boolean {
  const role = useSession()?.staff.role
  return (permission) => can(role, permission)
}
