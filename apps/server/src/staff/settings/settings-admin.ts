import { Decimal } from 'decimal.js'
import { inArray, sql } from 'drizzle-orm'
import type { SettingsProblem } from '@tp/engine'
import type { ApprovalWaiting } from '@tp/contracts'
import type { Db, DbOrTx } from '../../db/client.ts'
import { instruments } from '../../db/schema.ts'
import {
  getSettings,
  isSettingKey,
  setSetting,
  SETTING_DEFAULTS,
  type SettingKey,
} from '../../settings/settings.ts'
import { accept, refuse, type Outcome } from '../../outcome/outcome.ts'
import { applyTradingSettings, tradingSettingsProblems } from '../../trading/trading-settings.ts'
import {
  ApprovalRefused,
  claimApproval,
  waitForSecondAdmin,
  type ApprovalPayload,
} from '../approvals/approvals.ts'
import { audit, type Actor } from '../../audit/audit.ts'
import type { CatalogueListeners } from '../catalogue/instrument-admin.ts'
import { cappedClass, trimToCap } from '../catalogue/leverage-caps.ts'
import { can, type StaffRole } from '../roles.ts'
import {
  isGuardedSetting,
  normaliseSetting,
  ORDERED_PAIRS,
  SETTING_RULES,
  type SettingGroup,
  type SettingKind,
} from './setting-rules.ts'

export interface SettingView {
  key: SettingKey
  value: string
  group: SettingGroup
  unit: string
  type: SettingKind
  /** Whether the staff member asking may change it. */
  editable: boolean
}

const mayChange = (role: StaffRole, group: SettingGroup) =>
  can(role, group === 'trading' ? 'settings.trading' : 'settings.site')

/** Every setting with its value, unit and bounds, and whether `role` may change it. */
export async function settingsForStaff(db: Db, role: StaffRole): Promise<SettingView[]> {
  const keys = Object.keys(SETTING_DEFAULTS) as SettingKey[]
  const values = await getSettings(db, keys)
  return keys.map((key) => {
    const rule = SETTING_RULES[key]
    return {
      key,
      value: values[key],
      group: rule.group,
      unit: rule.unit,
      type: rule.type,
      editable: mayChange(role, rule.group),
    }
  })
}

/** The trading engine's form of a trading setting, for applyTradingSettings. */
function tradingChange(key: SettingKey, value: string) {
  switch (key) {
    case 'trade_fee_type':
      return { feePerLot: value === '1' }
    case 'margin_call_level':
      return { marginCallLevel: Number(value) }
    case 'stop_out_level':
      return { stopOutLevel: Number(value) }
    case 'max_quote_age_ms':
      return { maxQuoteAgeMs: Number(value) }
    default:
      return undefined
  }
}

/** What staff read when the desk refuses a trading change: which rule, and which instruments. */
async function refusalOf(db: Db, problems: SettingsProblem[]) {
  const idsOf = (kinds: SettingsProblem['problem'][]) =>
    problems.flatMap((p) => (kinds.includes(p.problem) && 'instrumentId' in p ? [p.instrumentId] : []))
  const codesOf = async (ids: number[]) =>
    (await db.select({ code: instruments.code }).from(instruments).where(inArray(instruments.id, ids)))
      .map((row) => row.code)
      .sort()
      .join(', ')
  if (problems.some((p) => p.problem === 'levels_invalid')) return refuse('settings_levels_invalid')
  const missing = idsOf(['fee_rate_required'])
  if (missing.length > 0) return refuse('fee_rates_required', { codes: await codesOf(missing) })
  const wrong = idsOf(['fee_rate_invalid', 'fee_rate_out_of_range'])
  if (wrong.length > 0) return refuse('fee_rates_invalid', { codes: await codesOf(wrong) })
  return refuse('invalid_input', { field: 'value' })
}

/** An approval's part in a change: run in the change's transaction before it writes (decision 028). */
export type ApprovalHook = (tx: DbOrTx) => Promise<unknown>

/**
 * Changes one setting for a staff member: their role must allow its group; the value must fit its
 * rule (and keep minimums at or below maximums); trading ones go through the desk, which checks
 * them against the others and reloads the engine. A change of `trade_fee_type` carries every
 * non-zero fee rate restated in the new unit (`feeRates`, by instrument id), written with it. A
 * lowered leverage cap trims the options of its class's instruments above it, and the engine, the
 * market and every client hear of it (`catalogue`). Written with its audit row in one transaction.
 * A setting that guards money (isGuardedSetting) is not changed but waits for a second admin
 * (issue 22): the answer is the waiting request, and applySettingApproval makes it.
 */
export async function changeSetting(
  db: Db,
  catalogue: CatalogueListeners,
  actor: Actor & { role: StaffRole },
  key: string,
  raw: string,
  feeRates?: Record<string, string>,
  now: Date = new Date(),
): Promise<Outcome<SettingView | ApprovalWaiting>> {
  if (!isSettingKey(key)) return refuse('invalid_input', { field: 'setting' })
  const rule = SETTING_RULES[key]
  if (!mayChange(actor.role, rule.group)) return refuse('staff_forbidden')
  const value = normaliseSetting(rule, raw)
  if (value === undefined) return refuse('invalid_input', { field: 'value' })
  if (feeRates !== undefined && key !== 'trade_fee_type')
    return refuse('invalid_input', { field: 'fee_rates' })
  const before = (await getSettings(db, [key]))[key]
  if (isGuardedSetting(key)) {
    // What can be told now is told now (the pairs); the rest is checked again when approved.
    const current = await getSettings(db, ORDERED_PAIRS.flat())
    if (crossesPair({ ...current, [key]: value } as Record<SettingKey, string>))
      return refuse('setting_min_above_max')
    const trading = tradingChange(key, value)
    if (trading) {
      const problems = await tradingSettingsProblems(db, feeRates ? { ...trading, feeRates } : trading)
      if (problems.length > 0) return refusalOf(db, problems)
    }
    const after = feeRates ? { value, fee_rates: feeRates } : { value }
    return accept(
      await waitForSecondAdmin(
        db,
        actor,
        { kind: 'setting', target: `setting:${key}`, before: { value: before }, after },
        now,
      ),
    )
  }
  return writeSetting(db, catalogue, actor, key, value, before, feeRates)
}

const crossesPair = (next: Record<SettingKey, string>) =>
  ORDERED_PAIRS.some(([low, high]) => new Decimal(next[low]).gt(next[high]))

/**
 * A second admin's approval of a waiting setting change: written as staff would have, in one
 * transaction with the claim of the request, which refuses it if the setting moved since it was
 * asked (`approval_stale`), if it was decided already, or if `approver` asked it.
 */
export async function applySettingApproval(
  db: Db,
  catalogue: CatalogueListeners,
  approver: Actor,
  approvalId: number,
  target: string,
  payload: ApprovalPayload,
  now: Date,
): Promise<Outcome<SettingView>> {
  const key = target.replace(/^setting:/, '')
  if (!isSettingKey(key)) return refuse('invalid_input', { field: 'setting' })
  const rule = SETTING_RULES[key]
  const value = normaliseSetting(rule, String(payload.after.value ?? ''))
  if (value === undefined) return refuse('invalid_input', { field: 'value' })
  const feeRates = payload.after.fee_rates as Record<string, string> | undefined
  const hook: ApprovalHook = (tx) =>
    claimApproval(tx, approver, approvalId, now, async (reader) => {
      const current = (await getSettings(reader, [key]))[key]
      return current !== payload.before.value
    })
  return writeSetting(db, catalogue, approver, key, value, String(payload.before.value), feeRates, hook)
}

async function writeSetting(
  db: Db,
  catalogue: CatalogueListeners,
  actor: Actor,
  key: SettingKey,
  value: string,
  before: string,
  feeRates: Record<string, string> | undefined,
  hook?: ApprovalHook,
): Promise<Outcome<SettingView>> {
  const rule = SETTING_RULES[key]
  const entry = {
    action: 'setting.change',
    target: `setting:${key}`,
    before: { value: before },
    after: feeRates ? { value, fee_rates: feeRates } : { value },
  }

  const trading = tradingChange(key, value)
  if (trading) {
    const change = feeRates ? { ...trading, feeRates } : trading
    const applied = await applyTradingSettings(
      db,
      catalogue.desk,
      change,
      (tx) => audit(tx, actor, entry),
      hook,
    )
    if (!applied.ok) return refusalOf(db, applied.problems)
  } else {
    const leverageClass = cappedClass(key)
    let trimmed: string[]
    try {
      trimmed = await db.transaction(async (tx) => {
        // Settings change one at a time: two staff saving a minimum and its maximum at the same
        // instant would each check against the other's old value and could cross them.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('settings.change'))`)
        await hook?.(tx)
        const current = await getSettings(tx, ORDERED_PAIRS.flat())
        // Thrown, not returned: an approval's claim made above is rolled back with it.
        if (crossesPair({ ...current, [key]: value } as Record<SettingKey, string>))
          throw new ApprovalRefused(refuse('setting_min_above_max'))
        await setSetting(tx, key, value)
        const codes = leverageClass ? await trimToCap(tx, leverageClass, Number(value)) : []
        await audit(tx, actor, codes.length > 0 ? { ...entry, after: { value, trimmed: codes } } : entry)
        return codes
      })
    } catch (error) {
      if (error instanceof ApprovalRefused && !hook) return error.refusal
      throw error
    }
    if (trimmed.length > 0) {
      await catalogue.desk.reload()
      await catalogue.changed()
    } else if (key.startsWith('copy_')) await catalogue.desk.reload()
  }
  return accept({ key, value, group: rule.group, unit: rule.unit, type: rule.type, editable: true })
}
