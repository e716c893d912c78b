import { MarginMode } from '@tp/contracts'
import type { Db, Tx } from '../db/client.ts'
import { categories, instruments, leverageOptions, marketHolidays } from '../db/schema.ts'
import { HOLIDAY_SEEDS, hoursOf, limitsOf, protectionOf } from './market-hours.ts'
import { CATEGORY_SEEDS, INSTRUMENT_SEEDS, leverageChoices, type LeverageClass } from './market-catalogue.ts'
import { getSettings, type SettingKey } from '../settings/settings.ts'
import { seededInstrumentNames } from '../market/instrument-names.ts'

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
          sessions: hoursOf(s.code, s.category).windows,
          timeZone: hoursOf(s.code, s.category).timeZone,
          rolloverMinute: hoursOf(s.code, s.category).rolloverMinute,
          ...protectionOf(s.category),
          ...limitsOf(s.category),
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
    // A fresh catalogue gets the holiday calendar; one that was there already keeps its own.
    if (added.length === INSTRUMENT_SEEDS.length) await seedHolidays(tx, categoryIds)
  })
}

/** The seeded holiday notice, one row per date and scope (an instrument or a category). */
async function seedHolidays(tx: Tx, categoryIds: ReadonlyMap<string, number>): Promise<void> {
  const instrumentIds = new Map(
    (await tx.select({ id: instruments.id, code: instruments.code }).from(instruments)).map((r) => [
      r.code,
      r.id,
    ]),
  )
  const rows = HOLIDAY_SEEDS.flatMap((h) =>
    h.scope.map((scope) => {
      const category = scope.startsWith('category:')
        ? categoryIds.get(scope.slice('category:'.length))
        : undefined
      const instrument = category === undefined ? instrumentIds.get(scope) : undefined
      if (category === undefined && instrument === undefined)
        throw new Error(`holiday seed: unknown ${scope}`)
      return {
        date: h.date,
        name: h.name,
        hours: h.hours,
        categoryId: category ?? null,
        instrumentId: instrument ?? null,
      }
    }),
  )
  await tx.insert(marketHolidays).values(rows).onConflictDoNothing()
}
