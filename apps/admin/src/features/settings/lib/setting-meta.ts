import type { MessageKey } from '../../../common/i18n/en.ts'
import type { Translate } from '../../../common/i18n/i18n.tsx'
import { formatMoney } from '../../../common/lib/format.ts'
import { settingsEn } from '../../../common/i18n/settings-messages.ts'
import type { SettingGroup, SettingView } from '../api/settings-api.ts'

/** The groups in the order the page shows them. */
export const GROUPS: readonly SettingGroup[] = ['site', 'money', 'trading']

/** The order within each group: what staff look for first; settings the page does not know come last. */
const ORDER = [
  'site_status',
  'loss_url',
  'site_type',
  'site_title',
  'verify_reg_type',
  'is_show_mobile',
  'service_link_type',
  'service_link',
  'pc_url',
  'complaint_email',
  'demo_starting_balance',
  'deposit_min_usd',
  'deposit_max_usd',
  'withdraw_min_usd',
  'withdraw_max_usd',
  'withdraw_daily_max_usd',
  'adjustment_four_eyes_usd',
  'deposit_four_eyes_usd',
  'withdraw_four_eyes_usd',
  'payout_rate_margin_pct',
  'copy_min_allocation_usd',
  'copy_max_profit_share_pct',
  'copy_fill_at_leader_price',
  'margin_call_level',
  'stop_out_level',
  'max_quote_age_ms',
  'trade_fee_type',
]

export function inGroup(settings: SettingView[], group: SettingGroup): SettingView[] {
  const rank = (key: string) => (ORDER.includes(key) ? ORDER.indexOf(key) : ORDER.length)
  return settings.filter((s) => s.group === group).sort((a, b) => rank(a.key) - rank(b.key))
}

/**
 * Changes that close the site, move clients elsewhere or change what money means are confirmed
 * first; the others save at once.
 */
export const CONFIRMED = new Set([
  'site_status',
  'loss_url',
  'site_type',
  'trade_fee_type',
  'margin_call_level',
  'stop_out_level',
  'adjustment_four_eyes_usd',
  'deposit_four_eyes_usd',
  'withdraw_four_eyes_usd',
  'payout_rate_margin_pct',
  'copy_fill_at_leader_price',
])

const known = (key: string): key is MessageKey => key in settingsEn

/** The setting's name: the page's own words, or its key when the server has a newer one. */
export const labelOf = (t: Translate, key: string) => {
  const id = `settings.key.${key}`
  return known(id) ? t(id) : key
}

export const helpOf = (t: Translate, key: string) => {
  const id = `settings.help.${key}`
  return known(id) ? t(id) : ''
}

export const choiceLabel = (t: Translate, key: string, option: string) => {
  const id = `settings.choice.${key}.${option}`
  return known(id) ? t(id) : option
}

/** A stored value as people read it: its choice, its amount with unit, or "not set". */
export function shownValue(t: Translate, setting: SettingView, value = setting.value): string {
  if (value === '') return t('settings.notSet')
  switch (setting.type.kind) {
    case 'choice':
      return choiceLabel(t, setting.key, value)
    case 'usd':
      // A decimal setting: USD amounts, and the payout rate margin in %.
      return `${formatMoney(value)} ${setting.unit || 'USD'}`
    case 'integer':
      return `${Number(value).toLocaleString('en-US')} ${setting.unit}`.trim()
    default:
      return value
  }
}
