import { can as roleCan, type Permission } from '@tp/contracts/light'
import type { StaffRole } from '../roles.ts'
import { useSession } from './session-store.ts'

/**
 * What each role may do on the users and adjustments pages: the contracts' list, the one the server
 * checks every call with (admin may do everything). Here only for showing the right buttons.
 */
export type UserPermission = Extract<
  Permission,
  'adjustments.request' | 'adjustments.approve' | 'users.manage' | 'positions.close' | 'hedging.edit'
>

export function can(role: StaffRole | undefined, permission: UserPermission): boolean {
  return role !== undefined && roleCan(role, permission)
}

/** Whether the signed-in staff member may do `permission`. */
export function useCan(): (permission: UserPermission) => boolean {
  const role = useSession()?.staff.role
  return (permission) => can(role, permission)
}
