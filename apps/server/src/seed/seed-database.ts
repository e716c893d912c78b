import { readFileSync } from 'node:fs'
import { areaCodes, settings } from '../db/schema.ts'
import type { Db } from '../db/client.ts'
import { SETTING_DEFAULTS } from '../settings/settings.ts'
import { seedWithdrawCurrencies } from './seed-withdraw-currencies.ts'
import { seedDepositChannels } from './seed-deposit-channels.ts'
import { seedNews } from './seed-news.ts'
import { seedLegalDocuments } from './seed-legal-documents.ts'
import { seedAppropriateness } from './seed-appropriateness.ts'

const AREA_CODES: { code: string; global_code: string }[] = JSON.parse(
  readFileSync(new URL('./area-codes.json', import.meta.url), 'utf8'),
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
  await seedLegalDocuments(db, new Date())
  await seedAppropriateness(db, new Date())
}
