import { ORDERED_AMOUNT_SETTINGS } from '@tp/contracts/light'
import { Decimal } from 'decimal.js'
import type { SettingKey } from '../../settings/settings.ts'
import { isPlainEmail, webAddress } from '../web-values.ts'

/**
 * How the back office edits each setting (issue 11): its group (who may change it), the kind of
 * value with its bounds, and the unit shown beside it. Pure: no IO.
 *
 * - `site`: what visitors see (status, mode, registration, service link, titles): admin only.
 * - `money`: amount limits, demo balance, the four-eyes amount: admin only.
 * - `trading`: levels and quote age that move risk: dealers too, and they go through the desk
 *   (trading/trading-settings.ts), which checks them against each other and reloads the engine.
 */
export type SettingGroup = 'site' | 'money' | 'trading'

export type SettingKind =
  | { kind: 'choice'; options: readonly string[] }
  | { kind: 'integer'; min: number; max: number }
  | { kind: 'usd'; min: string; max: string }
  | { kind: 'text'; max: number }
  | { kind: 'url'; relative: boolean }
  | { kind: 'email' }

export interface SettingRule {
  group: SettingGroup
  type: SettingKind
  /** Shown beside the value: '%', 'ms', 'USD', '×' … ('' when none). */
  unit: string
}

const USD_LIMIT = { kind: 'usd', min: '0', max: '100000000' } as const

export const SETTING_RULES: Record<SettingKey, SettingRule> = {
  site_status: { group: 'site', type: { kind: 'choice', options: ['0', '1'] }, unit: '' },
  loss_url: { group: 'site', type: { kind: 'url', relative: false }, unit: '' },
  site_type: { group: 'site', type: { kind: 'choice', options: ['0', '1'] }, unit: '' },
  site_title: { group: 'site', type: { kind: 'text', max: 60 }, unit: '' },
  pc_url: { group: 'site', type: { kind: 'url', relative: false }, unit: '' },
  // 2 and 3 mean what 0 and 1 mean (docs/product.md); staff choose between the two meanings only.
  is_show_mobile: { group: 'site', type: { kind: 'choice', options: ['0', '1'] }, unit: '' },
  verify_reg_type: { group: 'site', type: { kind: 'choice', options: ['1', '2'] }, unit: '' },
  service_link: { group: 'site', type: { kind: 'url', relative: true }, unit: '' },
  service_link_type: { group: 'site', type: { kind: 'choice', options: ['1', '2', '3'] }, unit: '' },
  complaint_email: { group: 'site', type: { kind: 'email' }, unit: '' },
  demo_starting_balance: { group: 'money', type: { kind: 'usd', min: '0', max: '10000000' }, unit: 'USD' },
  deposit_min_usd: { group: 'money', type: USD_LIMIT, unit: 'USD' },
  deposit_max_usd: { group: 'money', type: USD_LIMIT, unit: 'USD' },
  withdraw_min_usd: { group: 'money', type: USD_LIMIT, unit: 'USD' },
  withdraw_max_usd: { group: 'money', type: USD_LIMIT, unit: 'USD' },
  withdraw_daily_max_usd: { group: 'money', type: USD_LIMIT, unit: 'USD' },
  adjustment_four_eyes_usd: { group: 'money', type: USD_LIMIT, unit: 'USD' },
  deposit_four_eyes_usd: { group: 'money', type: USD_LIMIT, unit: 'USD' },
  withdraw_four_eyes_usd: { group: 'money', type: USD_LIMIT, unit: 'USD' },
  payout_rate_margin_pct: { group: 'money', type: { kind: 'usd', min: '0', max: '10' }, unit: '%' },
  copy_min_allocation_usd: { group: 'money', type: { kind: 'usd', min: '1', max: '1000000' }, unit: 'USD' },
  copy_max_profit_share_pct: { group: 'money', type: { kind: 'integer', min: 0, max: 50 }, unit: '%' },
  copy_fill_at_leader_price: { group: 'money', type: { kind: 'choice', options: ['0', '1'] }, unit: '' },
  trade_fee_type: { group: 'trading', type: { kind: 'choice', options: ['1', '2'] }, unit: '' },
  margin_call_level: { group: 'trading', type: { kind: 'integer', min: 1, max: 10000 }, unit: '%' },
  stop_out_level: { group: 'trading', type: { kind: 'integer', min: 1, max: 10000 }, unit: '%' },
  max_quote_age_ms: { group: 'trading', type: { kind: 'integer', min: 100, max: 3_600_000 }, unit: 'ms' },
  leverage_cap_fx_major: { group: 'trading', type: { kind: 'integer', min: 1, max: 1000 }, unit: '×' },
  leverage_cap_fx_other: { group: 'trading', type: { kind: 'integer', min: 1, max: 1000 }, unit: '×' },
  leverage_cap_gold: { group: 'trading', type: { kind: 'integer', min: 1, max: 1000 }, unit: '×' },
  leverage_cap_index_major: { group: 'trading', type: { kind: 'integer', min: 1, max: 1000 }, unit: '×' },
  leverage_cap_commodity: { group: 'trading', type: { kind: 'integer', min: 1, max: 1000 }, unit: '×' },
  leverage_cap_index_other: { group: 'trading', type: { kind: 'integer', min: 1, max: 1000 }, unit: '×' },
  leverage_cap_crypto: { group: 'trading', type: { kind: 'integer', min: 1, max: 1000 }, unit: '×' },
}

/**
 * Issue 22: the settings whose change waits for a second admin (decision 028): every setting of
 * group 'money' (limits, four-eyes amounts, demo balance, and any added later), the fee type and
 * every leverage cap. One admin alone moves none of them.
 */
export function isGuardedSetting(key: SettingKey): boolean {
  return SETTING_RULES[key].group === 'money' || key === 'trade_fee_type' || key.startsWith('leverage_cap_')
}

/** Pairs whose first may not exceed the second once both are set (one list, in the contracts). */
export const ORDERED_PAIRS: readonly (readonly [SettingKey, SettingKey])[] = ORDERED_AMOUNT_SETTINGS

/** The value as it is stored, or undefined when `raw` does not fit the rule. */
export function normaliseSetting(rule: SettingRule, raw: string): string | undefined {
  const value = raw.trim()
  const type = rule.type
  switch (type.kind) {
    case 'choice':
      return type.options.includes(value) ? value : undefined
    case 'integer': {
      if (!/^\d{1,9}$/.test(value)) return undefined
      const n = Number(value)
      return n >= type.min && n <= type.max ? String(n) : undefined
    }
    case 'usd': {
      if (!/^\d{1,12}(\.\d{1,2})?$/.test(value)) return undefined
      const n = new Decimal(value)
      return n.gte(type.min) && n.lte(type.max) ? n.toFixed() : undefined
    }
    case 'text':
      // eslint-disable-next-line no-control-regex
      return value.length >= 1 && value.length <= type.max && !/[\u0000-\u001f\u007f]/.test(value)
        ? value
        : undefined
    case 'email':
      return value.length <= 254 && isPlainEmail(value) ? value : undefined
    case 'url':
      return webAddressSetting(value, type.relative)
  }
}

/** '' (unset), an http(s) address, or (when allowed) a path on this site; never javascript: or the like. */
function webAddressSetting(value: string, relative: boolean): string | undefined {
  if (value === '') return ''
  if (value.length > 500) return undefined
  if (relative && /^\/(?!\/)[^\s\\]*$/.test(value)) return value
  return webAddress(value)
}
