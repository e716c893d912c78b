import { eq, inArray } from 'drizzle-orm'
import type { DbOrTx } from '../db/client.ts'
import { settings } from '../db/schema.ts'

/** Every setting with its value on a fresh install. Staff change them later in the back office. */
export const SETTING_DEFAULTS = {
  /** 1 or 3: the client offers sign-up and sign-in with a mobile number. */
  is_show_mobile: '1',
  /** 1: registration needs a message code; 2: an image captcha instead. */
  verify_reg_type: '1',
  /** 1: trading fee per lot; otherwise a share of margin. */
  trade_fee_type: '1',
  /**
   * The customer-service chat. The default is the platform's own chat page (apps/web/chat.html);
   * a relative link is answered as an absolute one on the API's host. Type 1 opens it in-app at
   * /mine/chat, 2 shows it as a link to copy, 3 opens it outside the app (docs/product.md "Calls").
   */
  service_link: '/chat.html',
  service_link_type: '1',
  site_title: 'Meridian Markets',
  /** USD credited to a new demo account. */
  demo_starting_balance: '10000',
  /** The address users write to with a complaint (/mine/email); staff set the broker's own. */
  complaint_email: 'complaints@meridian-markets.example',
  /** Desktop browsers are sent here when it is set; otherwise they see the phone layout centred. */
  pc_url: '',
  /** 0 closes the site and sends clients to `loss_url`. */
  site_status: '1',
  /** 0 is main mode: the product search lists partner companies. */
  site_type: '1',
  loss_url: '',
  /** Margin level (%) at which the account is warned, and at which positions are closed. */
  margin_call_level: '100',
  stop_out_level: '50',
  /** A market order is refused when the last quote is older than this (ms). */
  max_quote_age_ms: '10000',
  /** USD bounds of one deposit request, and of one withdrawal, and the USD a user may withdraw a day (UTC). */
  deposit_min_usd: '10',
  deposit_max_usd: '1000000',
  withdraw_min_usd: '10',
  withdraw_max_usd: '50000',
  withdraw_daily_max_usd: '100000',
  /** Leverage caps per ESMA retail class; seeding offers the options up to each cap. */
  leverage_cap_fx_major: '30',
  leverage_cap_fx_other: '20',
  leverage_cap_gold: '20',
  leverage_cap_index_major: '20',
  leverage_cap_commodity: '10',
  leverage_cap_index_other: '10',
  leverage_cap_crypto: '2',
  /** USD above which a manual balance adjustment waits for a second admin (four eyes). */
  adjustment_four_eyes_usd: '1000',
  /**
   * USD above which approving a deposit, or paying a withdrawal, takes two different staff members
   * (four eyes), counted with what the same user had approved by one person that UTC day (decision 025).
   */
  deposit_four_eyes_usd: '10000',
  withdraw_four_eyes_usd: '10000',
  /**
   * Percent added to the live quote a payout currency with an instrument is priced at (BTC at the
   * BTCUSD ask plus this): the house's margin on the conversion (issue 22).
   */
  payout_rate_margin_pct: '0.5',
  /**
   * Copy trading (decision 053): the least a follower may allocate (USD), the most profit share a
   * leader may ask (%), and whether copies fill at the leader's price (1) or at the follower's own (0).
   */
  copy_min_allocation_usd: '100',
  copy_max_profit_share_pct: '30',
  copy_fill_at_leader_price: '0',
} as const

export type SettingKey = keyof typeof SETTING_DEFAULTS

/** Settings anyone may read through `GET /api/default/setting`. */
export const PUBLIC_SETTING_KEYS: readonly SettingKey[] = [
  'is_show_mobile',
  'verify_reg_type',
  'trade_fee_type',
  'service_link',
  'service_link_type',
  'site_title',
  'pc_url',
]

export function isSettingKey(key: string): key is SettingKey {
  return Object.hasOwn(SETTING_DEFAULTS, key)
}

export async function getSetting(db: DbOrTx, key: SettingKey): Promise<string> {
  const rows = await db.select().from(settings).where(eq(settings.key, key))
  return rows[0]?.value ?? SETTING_DEFAULTS[key]
}

export async function getSettings<K extends SettingKey>(
  db: DbOrTx,
  keys: readonly K[],
): Promise<Record<K, string>> {
  const rows = await db
    .select()
    .from(settings)
    .where(inArray(settings.key, [...keys]))
  const found = new Map(rows.map((r) => [r.key, r.value]))
  return Object.fromEntries(keys.map((k) => [k, found.get(k) ?? SETTING_DEFAULTS[k]])) as Record<K, string>
}

export async function setSetting(db: DbOrTx, key: SettingKey, value: string): Promise<void> {
  await db
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value } })
}

/** Registration with a mobile number is on when the setting is 1 or 3 (docs/product.md "Input rules"). */
export function mobileEnabled(isShowMobile: string): boolean {
  return isShowMobile === '1' || isShowMobile === '3'
}
