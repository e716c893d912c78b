import type { HedgeMode, HedgeRule } from '@tp/engine'
import type { DbOrTx } from '../db/client.ts'
import { hedgeRules } from '../db/schema.ts'

/** The hedging rules as stored (staff edit them in the back office's risk view). */
export async function loadHedgeRules(db: DbOrTx): Promise<(HedgeRule & { id: number })[]> {
  const rows = await db.select().from(hedgeRules).orderBy(hedgeRules.id)
  return rows.map((row) => ({
    id: row.id,
    instrument: row.instrument,
    group: row.clientGroup,
    mode: row.mode as HedgeMode,
    thresholdLots: Number(row.thresholdLots),
  }))
}
