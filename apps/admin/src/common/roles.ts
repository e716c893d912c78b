import type { StaffProfile } from '@tp/contracts/light'

export type StaffRole = StaffProfile['role']

/**
 * The back office's pages and who sees them in the menu. The server checks every call on its own
 * (apps/server/src/staff/roles.ts); this only keeps staff from meeting pages they cannot use.
 */
export const PAGES = {
  dashboard: ['admin', 'finance', 'dealer', 'support'],
  identity: ['admin', 'support'],
  deposits: ['admin', 'finance'],
  withdrawals: ['admin', 'finance'],
  users: ['admin', 'finance', 'dealer', 'support'],
  adjustments: ['admin', 'finance'],
  chat: ['admin', 'support'],
  feedback: ['admin', 'support'],
  risk: ['admin', 'dealer', 'finance'],
  hedging: ['admin', 'dealer', 'finance'],
  copy: ['admin', 'dealer', 'finance'],
  catalogue: ['admin', 'dealer'],
  settings: ['admin', 'dealer'],
  content: ['admin', 'support'],
  legal: ['admin'],
  outbox: ['admin', 'support'],
  staff: ['admin'],
  audit: ['admin'],
  approvals: ['admin'],
} as const satisfies Record<string, readonly StaffRole[]>

export type PageName = keyof typeof PAGES

export function mayOpen(role: StaffRole, page: PageName): boolean {
  return (PAGES[page] as readonly StaffRole[]).includes(role)
}
