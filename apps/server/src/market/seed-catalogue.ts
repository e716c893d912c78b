import { SESSION_TEMPLATES } from '@tp/engine'
import { MarginMode } from '@tp/contracts'
import type { Db } from '../db/client.ts'
import { categories, instruments, leverageOptions } from '../db/schema.ts'
import {
  CATEGORY_SEEDS,
  INSTRUMENT_SEEDS,
  leverageChoices,
  type LeverageClass,
} from '../db/seed/market-catalogue.ts'
import { getSettings, type SettingKey } from '../services/settings.ts'
import { seededInstrumentNames } from './instrument-names.ts'

const capKey = (leverageClass: LeverageClass) => `leverage_cap_${leverageClass}` as SettingKey

/**
 * Adds the categories and instruments of the seed that are not there yet, each new instrument with
 * the leverage options up to its class's cap setting. Rows staff have edited are left alone.
 */
export async function seedCatalogue(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(categories)
      .values(CATEGORY_SEEDS.map((c, i) => ({ key: c.key, names: c.names, sort: i + 1 })))
      .onConflictDoNothing()
    const categoryIds = new Map((await tx.select().from(categories)).map((c) => [c.key, c.id]))
    const caps = await getSettings(tx, [...new Set(INSTRUMENT_SEEDS.map((s) => capKey(s.leverageClass)))])

    const added = await tx
      .insert(instruments)
      .values(
        INSTRUMENT_SEEDS.map((s, i) => ({
          code: s.code,
          showCode: s.showCode,
          name: s.name,
          names: seededInstrumentNames(s.code) ?? {},
          categoryId: categoryIds.get(s.category) as number,
          pricePrecision: s.precision,
          lotStep: '0.01',
          contractSize: s.contractSize,
          minLots: '0.01',
          maxLots: s.maxLots,
          marginMode: MarginMode.Leveraged,
          feeRate: s.feeRate,
          spreadPoints: s.spreadPoints,
          quoteCurrency: s.quoteCurrency,
          sessions: [...SESSION_TEMPLATES[s.sessions]],
          swapLong: s.swapLong,
          swapShort: s.swapShort,
          swapMode: s.swapMode,
          swapTripleDay: s.swapTripleDay,
          leverageClass: s.leverageClass,
          anchorPrice: s.anchor,
          dailyVolatility: s.dailyVolatility,
          tickIntervalMs: s.tickIntervalMs,
          sort: i + 1,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: instruments.id, leverageClass: instruments.leverageClass })
    const options = added.flatMap((row) =>
      leverageChoices(Number(caps[capKey(row.leverageClass as LeverageClass)])).map((value) => ({
        instrumentId: row.id,
        value,
      })),
    )
    if (options.length) await tx.insert(leverageOptions).values(options).onConflictDoNothing()
  })
}
