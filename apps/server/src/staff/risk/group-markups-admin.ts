import type { AdminGroupMarkup, ApprovalWaiting, GroupMarkupRequest } from '@tp/contracts'
import { and, asc, eq } from 'drizzle-orm'
import { audit, type Actor } from '../../audit/audit.ts'
import type { Db, DbOrTx } from '../../db/client.ts'
import { groupMarkups } from '../../db/schema.ts'
import { accept, refuse, type Outcome } from '../../outcome/outcome.ts'
import { wireTime } from '../../trading/order-view.ts'
import { claimApproval, waitForSecondAdmin, type ApprovalPayload } from '../approvals/approvals.ts'
import type { CatalogueListeners } from '../catalogue/instrument-admin.ts'

/*
 * Spread markups per client group (issue 28, decision 052): the dealing desk asks, a second admin
 * approves (decision 028), and the change reaches the engine (desk reload: the group's clients are
 * re-keyed at their new price), the market (its group's quote streams) and every socket (CATALOGUE).
 */

/** What the view needs of an instrument: its code and the spreads now, in points (null: no quote). */
export interface MarkupInstrument {
  id: number
  code: string
  rawSpread: number | null
  houseSpread: number | null
}

/** Every group markup, by instrument then group, beside the spreads it adds to. */
export async function listGroupMarkups(
  db: DbOrTx,
  instruments: readonly MarkupInstrument[],
): Promise<AdminGroupMarkup[]> {
  const byId = new Map(instruments.map((i) => [i.id, i]))
  const rows = await db
    .select()
    .from(groupMarkups)
    .orderBy(asc(groupMarkups.instrumentId), asc(groupMarkups.clientGroup))
  return rows.flatMap((row) => {
    const instrument = byId.get(row.instrumentId)
    if (!instrument) return []
    return [
      {
        instrument_id: row.instrumentId,
        code: instrument.code,
        client_group: row.clientGroup,
        points: row.points,
        raw_spread_points: instrument.rawSpread,
        house_spread_points: instrument.houseSpread,
        group_spread_points: instrument.houseSpread === null ? null : instrument.houseSpread + row.points,
        updated_at: wireTime(row.updatedAt.getTime()),
      },
    ]
  })
}

const pointsNow = async (db: DbOrTx, instrumentId: number, group: string): Promise<number> => {
  const [row] = await db
    .select({ points: groupMarkups.points })
    .from(groupMarkups)
    .where(and(eq(groupMarkups.instrumentId, instrumentId), eq(groupMarkups.clientGroup, group)))
  return row?.points ?? 0
}

/**
 * Asks for a group's markup on an instrument to be `points` (0: none): recorded to wait for a
 * second admin, since a markup is what every client of the group pays on every trade. Refused
 * (nothing recorded) for an unknown instrument or a markup already as asked.
 */
export async function requestGroupMarkup(
  db: Db,
  actor: Actor,
  input: GroupMarkupRequest,
  instrument: { id: number; code: string } | undefined,
  now: Date = new Date(),
): Promise<Outcome<ApprovalWaiting>> {
  if (!instrument) return refuse('instrument_not_found')
  const current = await pointsNow(db, instrument.id, input.client_group)
  if (current === input.points) return refuse('invalid_input', { field: 'points' })
  const scope = { code: instrument.code, client_group: input.client_group }
  return accept(
    await waitForSecondAdmin(
      db,
      actor,
      {
        kind: 'group_markup',
        target: `group_markup:${instrument.id}/${input.client_group}`,
        before: { ...scope, points: current },
        after: { ...scope, points: input.points },
      },
      now,
    ),
  )
}

/**
 * A second admin's approval of a waiting markup: written with its audit row in the transaction that
 * claims the approval, which refuses it as stale if the markup moved since it was asked. Then the
 * engine, the market and every socket take it.
 */
export async function applyGroupMarkupApproval(
  db: Db,
  listeners: CatalogueListeners,
  approver: Actor,
  approvalId: number,
  target: string,
  payload: ApprovalPayload,
  now: Date,
): Promise<Outcome<{ client_group: string; points: number }>> {
  const match = /^group_markup:(\d+)\/(.+)$/.exec(target)
  if (!match) return refuse('not_found')
  const instrumentId = Number(match[1])
  const group = match[2] as string
  const before = Number(payload.before.points)
  const after = Number(payload.after.points)
  await db.transaction(async (tx) => {
    await claimApproval(
      tx,
      approver,
      approvalId,
      now,
      async (reader) => (await pointsNow(reader, instrumentId, group)) !== before,
    )
    const scope = and(eq(groupMarkups.instrumentId, instrumentId), eq(groupMarkups.clientGroup, group))
    if (after === 0) await tx.delete(groupMarkups).where(scope)
    else
      await tx
        .insert(groupMarkups)
        .values({ instrumentId, clientGroup: group, points: after, updatedAt: now })
        .onConflictDoUpdate({
          target: [groupMarkups.instrumentId, groupMarkups.clientGroup],
          set: { points: after, updatedAt: now },
        })
    await audit(tx, approver, {
      action: 'group_markup.update',
      target: `group_markup:${instrumentId}/${group}`,
      before: payload.before,
      after: payload.after,
    })
  })
  await listeners.desk.reload()
  await listeners.changed()
  return accept({ client_group: group, points: after })
}
