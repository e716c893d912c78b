import { eq } from 'drizzle-orm'
import { checkTradingSettings, type SettingsProblem, type TradingSettingsChange } from '@tp/engine'
import type { Db, DbOrTx } from '../db/client.ts'
import { instruments } from '../db/schema.ts'
import { setSetting } from '../settings/settings.ts'
import type { DeskPort } from './desk.ts'
import { loadRisk } from './desk-state.ts'

class Problems extends Error {
  constructor(readonly problems: SettingsProblem[]) {
    super('trading settings refused')
  }
}

/**
 * Changes the trading settings (risk levels, quote age, fee type and fee rates) while the server
 * runs: checked against the current ones (a change of the fee type must restate every non-zero rate
 * in the new unit), written in one transaction, then taken up by the desk. The back office calls
 * this; nothing changes when a problem is found.
 */
export async function applyTradingSettings(
  db: Db,
  desk: DeskPort,
  change: TradingSettingsChange,
  /** Runs in the change's transaction once it is written: the back office's audit row. */
  onWritten?: (tx: DbOrTx) => Promise<void>,
  /** Runs in the change's transaction once the instruments are locked, before anything is read or written. */
  beforeWrite?: (tx: DbOrTx) => Promise<unknown>,
): Promise<{ ok: true } | { ok: false; problems: SettingsProblem[] }> {
  const problems = await db
    .transaction(async (tx) => {
      // Checked against what this transaction reads, so two changes made at once cannot mix units.
      const current = await loadRisk(tx)
      const rows = await tx
        .select({ id: instruments.id, feeRate: instruments.feeRate })
        .from(instruments)
        .for('update')
      await beforeWrite?.(tx)
      const found = checkTradingSettings(current, new Map(rows.map((r) => [r.id, r.feeRate])), change)
      // Thrown, not returned: what beforeWrite did (an approval's claim) is rolled back with it.
      if (found.length > 0) throw new Problems(found)
      if (change.feePerLot !== undefined) await setSetting(tx, 'trade_fee_type', change.feePerLot ? '1' : '2')
      if (change.marginCallLevel !== undefined)
        await setSetting(tx, 'margin_call_level', String(change.marginCallLevel))
      if (change.stopOutLevel !== undefined)
        await setSetting(tx, 'stop_out_level', String(change.stopOutLevel))
      if (change.maxQuoteAgeMs !== undefined)
        await setSetting(tx, 'max_quote_age_ms', String(change.maxQuoteAgeMs))
      for (const [id, rate] of Object.entries(change.feeRates ?? {}))
        await tx
          .update(instruments)
          .set({ feeRate: rate })
          .where(eq(instruments.id, Number(id)))
      await onWritten?.(tx)
      return []
    })
    .catch((error: unknown) => {
      if (error instanceof Problems) return error.problems
      throw error
    })
  if (problems.length > 0) return { ok: false, problems }
  await desk.reload()
  return { ok: true }
}

/**
 * What applyTradingSettings would refuse in `change`, read now without locking or writing: a change
 * that waits for a second admin (issue 22) is told its problems when asked, and checked again when
 * approved.
 */
export async function tradingSettingsProblems(
  db: Db,
  change: TradingSettingsChange,
): Promise<SettingsProblem[]> {
  const current = await loadRisk(db)
  const rows = await db.select({ id: instruments.id, feeRate: instruments.feeRate }).from(instruments)
  return checkTradingSettings(current, new Map(rows.map((r) => [r.id, r.feeRate])), change)
}
