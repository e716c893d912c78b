import type { CallAuth } from './call.ts'

type Permission = Extract<CallAuth, object>['staff']

/** A staff member signed in, whose role holds `permission`. */
export const staff = (permission: Permission): CallAuth => ({ staff: permission })
/** Any signed-in staff member. */
export const anyStaff = staff(null)
/** Signed in with a password; the second factor (or a new password) is still owed. */
export const pending: CallAuth = { staff: null, stage: 1 }
