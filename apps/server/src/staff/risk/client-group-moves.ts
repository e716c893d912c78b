import type { ApprovalWaiting } from '@tp/contracts'
import { eq } from 'drizzle-orm'
import { audit, type Actor } from '../../audit/audit.ts'
import type { Db, DbOrTx } from '../../db/client.ts'
import { users } from '../../db/schema.ts'
import { accept, refuse, type Outcome } from '../../outcome/outcome.ts'
import { claimApproval, waitForSecondAdmin, type ApprovalPayload } from '../approvals/approvals.ts'
import type { CatalogueListeners } from '../catalogue/instrument-admin.ts'

/*
 * A client's move to another client group (decisions 051 and 052). The group decides what of the
 * client's risk is passed on (the hedging rules) and what the client pays (the group's markups). A
 * move between groups priced alike is the dealing desk's alone; one that changes the client's prices
 * is a markup on one client, so it waits for a second admin, as a markup does.
 */

export interface GroupMoveListeners extends CatalogueListeners {
  /** Whether clients of the two groups pay different markups on some instrument. */
  pricedApart(a: string, b: string): boolean
}

type Moved = { client_group: string }

/** Moves a real client (a demo account is never moved: never hedged, always at the house's price). */
export async function moveClient(
  db: Db,
  listeners: GroupMoveListeners,
  actor: Actor,
  userId: number,
  group: string,
  now: Date = new Date(),
): Promise<Outcome<Moved | ApprovalWaiting>> {
  const [user] = await db
    .select({ group: users.clientGroup, isDemo: users.isDemo, email: users.email, mobile: users.mobile })
    .from(users)
    .where(eq(users.id, userId))
  if (!user || user.isDemo) return refuse('account_not_found')
  if (!listeners.pricedApart(user.group, group)) return writeMove(db, listeners, actor, userId, group)
  const account = `#${userId} ${user.email ?? user.mobile ?? ''}`.trim()
  return accept(
    await waitForSecondAdmin(
      db,
      actor,
      {
        kind: 'client_group',
        target: `user:${userId}`,
        before: { account, client_group: user.group },
        after: { account, client_group: group },
      },
      now,
    ),
  )
}

/**
 * A second admin's approval of a move that changes a client's prices: made in the transaction that
 * claims the approval, refused as stale if the client moved meanwhile.
 */
export async function applyClientGroupApproval(
  db: Db,
  listeners: CatalogueListeners,
  approver: Actor,
  approvalId: number,
  target: string,
  payload: ApprovalPayload,
  now: Date,
): Promise<Outcome<Moved>> {
  const userId = Number(target.replace(/^user:/, ''))
  const was = String(payload.before.client_group)
  const hook = (tx: DbOrTx) =>
    claimApproval(tx, approver, approvalId, now, async (reader) => (await groupOf(reader, userId)) !== was)
  return writeMove(db, listeners, approver, userId, String(payload.after.client_group), hook)
}

const groupOf = async (db: DbOrTx, userId: number): Promise<string | undefined> =>
  (await db.select({ group: users.clientGroup }).from(users).where(eq(users.id, userId)))[0]?.group

/**
 * Writes the move with its audit row (after `hook`, in its transaction), then tells the hedger (the
 * client's positions placed again under its new group's rules), the engine (its prices) and, where
 * its prices changed, every process's market and sockets (CATALOGUE: its quotes follow).
 */
async function writeMove(
  db: Db,
  listeners: CatalogueListeners,
  actor: Actor,
  userId: number,
  group: string,
  hook?: (tx: DbOrTx) => Promise<unknown>,
): Promise<Outcome<Moved>> {
  const was = await db.transaction(async (tx) => {
    await hook?.(tx)
    const [user] = await tx
      .select({ group: users.clientGroup, isDemo: users.isDemo })
      .from(users)
      .where(eq(users.id, userId))
      .for('update')
    if (!user || user.isDemo) return undefined
    await tx.update(users).set({ clientGroup: group }).where(eq(users.id, userId))
    await audit(tx, actor, {
      action: 'user.client_group',
      target: `user:${userId}`,
      before: { client_group: user.group },
      after: { client_group: group },
    })
    return user.group
  })
  if (was === undefined) return refuse('account_not_found')
  await listeners.clientMoved?.(userId)
  await listeners.desk.reload()
  if (hook) await listeners.changed()
  return accept({ client_group: group })
}
