import { eq } from 'drizzle-orm'
import type { InstrumentNamesRequest } from '@tp/contracts'
import type { Db, DbOrTx } from '../db/client.ts'
import { instruments } from '../db/schema.ts'
import { accept, refuse, type Outcome } from '../outcome/outcome.ts'
import { audit, type Actor } from '../audit/audit.ts'

/** Every instrument's names by id, for the back office's list. */
export async function namesById(db: DbOrTx): Promise<Map<number, Record<string, string>>> {
  const rows = await db.select({ id: instruments.id, names: instruments.names }).from(instruments)
  return new Map(rows.map((row) => [row.id, row.names]))
}

/**
 * Staff change an instrument's names in other languages: merged over the stored ones, an empty text
 * removing one (English shows again), written with its audit row (the languages changed, before and
 * after) in one transaction. Once committed, `changed` gives the market the new definitions and
 * tells every phone (`CATALOGUE`), whose next trade_list shows them.
 */
export async function updateInstrumentNames(
  db: Db,
  changed: () => Promise<void>,
  actor: Actor,
  id: number,
  request: InstrumentNamesRequest,
): Promise<Outcome<{ id: number; names: Record<string, string> }>> {
  const written = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ names: instruments.names })
      .from(instruments)
      .where(eq(instruments.id, id))
      .for('update')
    if (!row) return undefined
    const names: Record<string, string> = { ...row.names }
    for (const [code, name] of Object.entries(request.names)) {
      if (name) names[code] = name
      else delete names[code]
    }
    const codes = Object.keys(request.names).filter((code) => (row.names[code] ?? '') !== (names[code] ?? ''))
    if (codes.length === 0) return names
    await tx.update(instruments).set({ names }).where(eq(instruments.id, id))
    const pick = (from: Record<string, string>) => Object.fromEntries(codes.map((c) => [c, from[c] ?? '']))
    await audit(tx, actor, {
      action: 'instrument.names',
      target: `instrument:${id}`,
      before: { names: pick(row.names) },
      after: { names: pick(names) },
    })
    return names
  })
  if (!written) return refuse('instrument_not_found')
  await changed()
  return accept({ id, names: written })
}
