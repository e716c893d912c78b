/**
 * Staff roles (issue 11) and what each may do: the server checks every call with `can`, the back
 * office shows only the buttons a role may use. Admin may do everything; the others one trade each:
 * finance moves money, dealer runs the market and its risk, support looks after people.
 */
export const STAFF_ROLES = ['admin', 'finance', 'dealer', 'support'] as const
export type StaffRole = (typeof STAFF_ROLES)[number]

export const PERMISSIONS = {
  /** Dashboard counts, own profile. */
  'dashboard.read': ['finance', 'dealer', 'support'],
  'identity.review': ['support'],
  'deposits.review': ['finance'],
  'withdrawals.review': ['finance'],
  'adjustments.request': ['finance'],
  /** Approving an adjustment above the four-eyes amount is for a second admin only. */
  'adjustments.approve': [],
  'users.read': ['finance', 'dealer', 'support'],
  'users.manage': [],
  'positions.close': ['dealer'],
  'catalogue.edit': ['dealer'],
  /**
   * Where clients send money and what payouts are worth (deposit channels, the broker's bank
   * accounts, payout currencies): admins only. One dealer must not be able to redirect deposits.
   */
  'money_catalogue.edit': [],
  'risk.read': ['dealer', 'finance'],
  /** Issue 28: what is passed on to liquidity providers, and which clients are in which group. */
  'hedging.edit': ['dealer'],
  'settings.trading': ['dealer'],
  'settings.site': [],
  'content.edit': ['support'],
  /**
   * Issue 26: the client agreement, risk disclosure, privacy notice and execution policy: what
   * clients sign is the compliance officer's (an admin's), never a support member's.
   */
  'legal.edit': [],
  'outbox.read': ['support'],
  'chat.answer': ['support'],
  /** Issue 25: reading users' feedback, setting its status and writing the answer they see. */
  'feedback.answer': ['support'],
  'audit.read': [],
  'staff.manage': [],
  /** Issue 22: approving or rejecting another's waiting change (decision 028): admins only. */
  'approvals.decide': [],
} as const satisfies Record<string, readonly StaffRole[]>

export type Permission = keyof typeof PERMISSIONS

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value)
}

/** Whether `role` may do `permission`: admin always may. */
export function can(role: StaffRole, permission: Permission): boolean {
  return role === 'admin' || (PERMISSIONS[permission] as readonly StaffRole[]).includes(role)
}
