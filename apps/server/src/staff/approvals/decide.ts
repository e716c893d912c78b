import type { ApprovalItem } from '@tp/contracts'
import type { Db } from '../../db/client.ts'
import { accept, refuse, type Outcome } from '../../outcome/outcome.ts'
import type { Actor } from '../../audit/audit.ts'
import { applyInstrumentApproval, type CatalogueListeners } from '../catalogue/instrument-admin.ts'
import { applySettingApproval } from '../settings/settings-admin.ts'
import { applyGroupMarkupApproval } from '../risk/group-markups-admin.ts'
import { applyClientGroupApproval } from '../risk/client-group-moves.ts'
import { applyStaffApproval, type StaffMail } from '../staff-admin.ts'
import {
  ApprovalRefused,
  approvalItem,
  closeApproval,
  findApproval,
  type ApprovalPayload,
} from './approvals.ts'

/**
 * A decision on a waiting request (decision 028). `approve` makes the change as it was asked, in
 * the transaction that marks the request approved (refused when the requester approves, when it
 * was decided already, or when what it changes moved since: then it is closed as stale). `reject`
 * is another admin's; `cancel` the requester's own.
 */
export async function decideApproval(
  db: Db,
  catalogue: CatalogueListeners,
  mail: StaffMail,
  actor: Actor,
  id: number,
  verb: 'approve' | 'reject' | 'cancel',
  now: Date,
): Promise<Outcome<ApprovalItem>> {
  if (verb !== 'approve')
    return closeApproval(db, actor, id, verb === 'reject' ? 'rejected' : 'cancelled', now)
  const row = await findApproval(db, id)
  if (!row) return refuse('not_found')
  if (row.requestedBy === actor.staffId) return refuse('four_eyes')
  if (row.status !== 'waiting') return refuse('already_processed')
  const payload = row.payload as ApprovalPayload
  let outcome: Outcome<unknown>
  try {
    switch (row.kind) {
      case 'setting':
        outcome = await applySettingApproval(db, catalogue, actor, id, row.target, payload, now)
        break
      case 'instrument':
        outcome = await applyInstrumentApproval(db, catalogue, actor, id, row.target, payload, now)
        break
      case 'group_markup':
        outcome = await applyGroupMarkupApproval(db, catalogue, actor, id, row.target, payload, now)
        break
      case 'client_group':
        outcome = await applyClientGroupApproval(db, catalogue, actor, id, row.target, payload, now)
        break
      case 'staff.create':
      case 'staff.role':
      case 'staff.reset_second_factor':
        outcome = await applyStaffApproval(db, mail, actor, id, row.kind, row.target, payload, now)
        break
      default:
        return refuse('not_found')
    }
  } catch (error) {
    if (!(error instanceof ApprovalRefused)) throw error
    outcome = error.refusal
  }
  if (!outcome.ok) {
    // A stale request can never be approved: it is closed, and the requester asks again.
    if (outcome.reason === 'approval_stale') await closeApproval(db, actor, id, 'rejected', now, 'stale')
    return outcome
  }
  const item = await approvalItem(db, id)
  const value = outcome.value as { password_sent_to?: string }
  return accept(value.password_sent_to ? { ...item, password_sent_to: value.password_sent_to } : item)
}
