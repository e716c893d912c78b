import { readFileSync } from 'node:fs'
import { areaCodes, settings } from './schema.ts'
import type { Db } from './client.ts'
import { SETTING_DEFAULTS } from '../services/settings.ts'
import { seedWithdrawCurrencies } from '../money/seed-withdraw-currencies.ts'
import { seedDepositChannels } from '../money/seed-deposit-channels.ts'
import { seedNews } from '../news/seed-news.ts'

const AREA_CODES: { code: string; global_code: string }[] = JSON.parse(
  readFileSync(new URL('./seed/area-codes.json', import.meta.url), 'utf8'),
)

/** Fills reference data on first start; existing rows (edited by staff) are left as they are. */
export async function seedDatabase(db: Db): Promise<void> {
  await db
    .insert(areaCodes)
    .values(AREA_CODES.map((a) => ({ code: a.code, globalCode: a.global_code })))
    .onConflictDoNothing()
  await db
    .insert(settings)
    .values(Object.entries(SETTING_DEFAULTS).map(([key, value]) => ({ key, value })))
    .onConflictDoNothing()
  await seedWithdrawCurrencies(db)
  await seedDepositChannels(db)
  await seedNews(db)
}
