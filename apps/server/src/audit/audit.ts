import type { DbOrTx } from '../db/client.ts'
import { auditLog } from '../db/schema.ts'

/** Who acted, from where: the staff session of the request. */
export interface Actor {
  staffId: number
  email: string
  address: string
}

export interface AuditEntry {
  /** What was done, as `area.verb`: `deposit.approve`, `setting.change`, `staff.sign_in`. */
  action: string
  /** What it was done to: `deposit:12`, `user:7`, `setting:stop_out_level`. */
  target?: string
  before?: unknown
  after?: unknown
}

/**
 * Writes one row of the append-only audit log. Call it in the transaction of the change it records,
 * so that no change is kept without its row, and no row without its change.
 */
export async function audit(db: DbOrTx, actor: Actor, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    staffId: actor.staffId,
    staffEmail: actor.email,
    action: entry.action,
    target: entry.target ?? '',
    before: entry.before ?? null,
    after: entry.after ?? null,
    address: actor.address.slice(0, 64),
  })
}
