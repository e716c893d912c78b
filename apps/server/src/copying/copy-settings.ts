import type { CopySettings } from '@tp/engine'
import type { DbOrTx } from '../db/client.ts'
import { getSettings } from '../settings/settings.ts'

/** The house's copy-trading settings (decision 053), in the engine's form. */
export async function copySettings(db: DbOrTx): Promise<CopySettings> {
  const s = await getSettings(db, [
    'copy_min_allocation_usd',
    'copy_max_profit_share_pct',
    'copy_fill_at_leader_price',
  ])
  return {
    minAllocation: s.copy_min_allocation_usd,
    maxProfitSharePercent: Number(s.copy_max_profit_share_pct),
    fillAtLeaderPrice: s.copy_fill_at_leader_price === '1',
  }
}
