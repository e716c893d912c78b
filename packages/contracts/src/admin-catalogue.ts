import { z } from 'zod'
import { LANGUAGE_CODES } from './languages.ts'
import type { MarginModeValue, SwapModeValue, TradingWindow } from './market.ts'
import { serialId } from './numbers.ts'
import { ONE_LINE } from './plain-text.ts'
export * from './light/admin-catalogue.ts'

/** Shapes of the back office's catalogue calls (`/admin/api/instruments/*`, issue 11). */

/** The highest leverage any instrument may offer, whatever its class's cap. */
export const LEVERAGE_MAX = 1000
/** How many leverage choices an order form can show sensibly. */
export const LEVERAGE_OPTIONS_MAX = 20
/** The widest spread staff may set, in points (10^-precision). */
export const SPREAD_POINTS_MAX = 100_000
/** The widest markup staff may set on a price source's quotes, in points. */
export const MARKUP_POINTS_MAX = 10_000
/** Weekly windows per instrument: a daily break every weekday is 5; 50 leaves room for holidays. */
export const SESSION_WINDOWS_MAX = 50
const MINUTES_PER_WEEK = 7 * 24 * 60
export const INSTRUMENT_NAME_MAX_LENGTH = 64

export const SHOW_CODE_MAX_LENGTH = 32

/** A path's instrument, category, currency, channel or account id. */
export const instrumentIdParams = z.object({ id: serialId })

/**
 * Lots as exact decimal text, as the catalogue stores them (`numeric(12,4)`): "0.01", "100". JSON
 * numbers are refused: 0.1 + 0.2 is not what staff typed.
 */
const lotsText = z
  .string()
  .trim()
  .regex(/^[0-9]{1,8}(\.[0-9]{1,4})?$/)
  .refine((text) => Number(text) > 0)

/** A fee rate as exact decimal text (`numeric(12,6)`): USD per lot or a share of margin, by `trade_fee_type`. */
const feeRateText = z
  .string()
  .trim()
  .regex(/^[0-9]{1,6}(\.[0-9]{1,6})?$/)

/** The largest swap rate staff may set, either way: points per lot per night, or percent a year. */
export const SWAP_RATE_MAX = 100_000

/**
 * A swap rate as exact decimal text (`numeric(12,4)`), signed: "-7.1", "2.35". Negative charges the
 * client, positive credits. JSON numbers are refused, as for lots.
 */
const swapRateText = z
  .string()
  .trim()
  .regex(/^-?[0-9]{1,6}(\.[0-9]{1,4})?$/)
  .refine((text) => Math.abs(Number(text)) <= SWAP_RATE_MAX)

const window = z
  .object({
    From: z.number().int().min(0).max(MINUTES_PER_WEEK),
    To: z.number().int().min(0).max(MINUTES_PER_WEEK),
  })
  .strict()
  .refine((w) => w.From < w.To)

/**
 * Weekly trading windows in minutes from Sunday 00:00 in the instrument's time zone, ascending and
 * not overlapping (touching is fine). An empty list closes the market for good (until staff open it
 * again).
 */
export const sessionsField = z
  .array(window)
  .max(SESSION_WINDOWS_MAX)
  .refine((list) => list.every((w, i) => i === 0 || (list[i - 1] as TradingWindow).To <= w.From))

/**
 * An IANA time zone as the runtime's zone database spells it ('america/new_york':
 * 'America/New_York'; 'UTC' always), or undefined for a zone it does not know.
 */
export function canonicalTimeZone(zone: string): string | undefined {
  if (zone === 'UTC') return zone
  if (!/^[A-Za-z]+(?:\/[A-Za-z0-9_+-]+){1,2}$/.test(zone)) return undefined
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone
  } catch {
    return undefined
  }
}

/** Whether the runtime knows an IANA time zone ('America/New_York'; 'UTC' always). */
export const isKnownTimeZone = (zone: string): boolean => canonicalTimeZone(zone) !== undefined

/** An IANA time zone name the runtime knows, stored as the runtime spells it. */
export const timeZoneField = z
  .string()
  .trim()
  .max(64)
  .refine(isKnownTimeZone)
  .transform((zone) => canonicalTimeZone(zone) as string)

/** Price protection levels in points (10^-precision): 0 turns one off. */
export const PROTECTION_POINTS_MAX = 1_000_000

/** A house limit in lots (decimal text, `numeric(14,4)`, above zero), or null for none. */
const limitLots = z
  .string()
  .trim()
  .regex(/^[0-9]{1,10}(\.[0-9]{1,4})?$/)
  .refine((text) => Number(text) > 0)
  .nullable()

/** Leverage choices: whole numbers 1..LEVERAGE_MAX, strictly ascending (so unique), 1 to 20 of them. */
export const leverageField = z
  .array(z.number().int().min(1).max(LEVERAGE_MAX))
  .min(1)
  .max(LEVERAGE_OPTIONS_MAX)
  .refine((list) => list.every((value, i) => i === 0 || (list[i - 1] as number) < value))

/**
 * `POST /admin/api/instruments/:id` (JSON): the fields to change, at least one. Lots and fee rates
 * are decimal text; every other number a JSON number. Contract size and margin mode apply to new
 * positions only (open ones keep what they opened with).
 */
export const instrumentUpdateRequest = z
  .object({
    // Names as phones show them: one line of plain text, so none can display as another code.
    name: z.string().trim().min(1).max(INSTRUMENT_NAME_MAX_LENGTH).regex(ONE_LINE),
    show_code: z.string().trim().min(1).max(SHOW_CODE_MAX_LENGTH).regex(ONE_LINE),
    category_id: z.number().int().min(1).max(2_147_483_647),
    enabled: z.boolean(),
    sort: z.number().int().min(0).max(1_000_000),
    spread_points: z.number().int().min(0).max(SPREAD_POINTS_MAX),
    /** The house's markup on the price source's quotes, in points (half off the bid, half on the ask). */
    markup_points: z.number().int().min(0).max(MARKUP_POINTS_MAX),
    min_lots: lotsText,
    max_lots: lotsText,
    lot_step: lotsText,
    contract_size: z
      .string()
      .trim()
      .regex(/^[0-9]{1,12}(\.[0-9]{1,4})?$/)
      .refine((text) => Number(text) > 0),
    margin_mode: z.union([z.literal(1), z.literal(2)]),
    fee_rate: feeRateText,
    sessions: sessionsField,
    /** The IANA zone of the sessions, the rollover minute and the triple-swap weekday. */
    time_zone: timeZoneField,
    /** Stops level: the nearest a stop, target or pending price may be to the market, in points. */
    stops_level: z.number().int().min(0).max(PROTECTION_POINTS_MAX),
    /** Freeze level: a pending order or stop this near the market cannot be changed, in points. */
    freeze_level: z.number().int().min(0).max(PROTECTION_POINTS_MAX),
    /** House limits in lots: real clients' net, and one account's side (null: none). */
    max_net_lots: limitLots,
    max_account_lots: limitLots,
    leverage: leverageField,
    /** Swap per lot per night of a buy and of a sell, as `swap_mode` reads them. */
    swap_long: swapRateText,
    swap_short: swapRateText,
    /** 1 points, 2 annual percentage of the position's value. */
    swap_mode: z.union([z.literal(1), z.literal(2)]),
    /** The weekday (0 Sunday … 6 Saturday, in `time_zone`) whose rollover charges three nights; null: none. */
    swap_triple_day: z.number().int().min(0).max(6).nullable(),
    /** The daily rollover, minutes after midnight in `time_zone`. */
    rollover_minute: z.number().int().min(0).max(1439),
    /** The simulator's inputs (docs/decisions/006-market-data.md): where its walk is pulled to, */
    anchor_price: z.number().positive().max(1e12),
    /** its daily volatility (a share: 0.01 is 1 % a day), */
    daily_volatility: z.number().positive().max(0.5),
    /** and the average time between its quotes. */
    tick_interval_ms: z.number().int().min(50).max(600_000),
  })
  .partial()
  .strict()
  .refine((change) => Object.keys(change).length > 0)
export type InstrumentUpdateRequest = z.infer<typeof instrumentUpdateRequest>

/**
 * `POST /admin/api/instruments/:id/names` (JSON): the instrument's name in other languages than
 * English (English is `name`), merged over the stored ones; an empty text removes a language's name
 * (English shows again).
 */
export const instrumentNamesRequest = z
  .object({
    names: z
      .record(z.string(), z.string().trim().max(INSTRUMENT_NAME_MAX_LENGTH).regex(ONE_LINE))
      .refine((names) => Object.keys(names).length > 0)
      .refine((names) =>
        Object.keys(names).every(
          (code) => code !== 'en' && (LANGUAGE_CODES as readonly string[]).includes(code),
        ),
      ),
  })
  .strict()
export type InstrumentNamesRequest = z.infer<typeof instrumentNamesRequest>

/** One instrument as the back office shows and edits it: every field, disabled ones too. */
export interface AdminInstrument {
  id: number
  code: string
  show_code: string
  name: string
  /** Its name by language code, English aside (`POST /admin/api/instruments/:id/names`). */
  names?: Record<string, string>
  category_id: number
  precision: number
  lot_step: string
  contract_size: string
  min_lots: string
  max_lots: string
  margin_mode: MarginModeValue
  fee_rate: string
  /** The unit of `fee_rate`: 1 USD per lot, 2 a share of margin (setting `trade_fee_type`). */
  fee_type: 1 | 2
  /** The simulator's spread, in points (a liquidity provider's is its own). */
  spread_points: number
  /** The house's markup on every quote of the price source, in points. */
  markup_points: number
  /**
   * The price source's own spread now, before the markup, in points (null while it has sent no
   * quote, or on a process that does not run the source): clients' spread is this plus `markup_points`.
   */
  source_spread_points: number | null
  quote_currency: string
  /** Weekly windows in `time_zone`. */
  sessions: TradingWindow[]
  time_zone: string
  stops_level: number
  freeze_level: number
  /** Lots as decimal text, or null for no limit. */
  max_net_lots: string | null
  max_account_lots: string | null
  swap_long: string
  swap_short: string
  swap_mode: SwapModeValue
  swap_triple_day: number | null
  rollover_minute: number
  /** Ascending. */
  leverage: number[]
  /** The cap of the instrument's leverage class (setting `leverage_cap_<class>`), or null without one. */
  leverage_cap: number | null
  leverage_class: string
  enabled: boolean
  sort: number
  anchor_price: number
  daily_volatility: number
  tick_interval_ms: number
}

/** Names per language code (`hk`, `en`, …); languages left out fall back to English, then the key. */
const categoryNames = z
  .record(z.string(), z.string().trim().min(1).max(INSTRUMENT_NAME_MAX_LENGTH))
  .refine((names) => Object.keys(names).every((code) => (LANGUAGE_CODES as readonly string[]).includes(code)))

/** `POST /admin/api/categories` (JSON): a new category; `key` is its stable name (`forex`, `metals`). */
export const categoryCreateRequest = z
  .object({
    key: z
      .string()
      .trim()
      .regex(/^[a-z][a-z0-9_]{0,31}$/),
    names: categoryNames.refine((names) => names.en !== undefined),
    sort: z.number().int().min(0).max(1_000_000).default(0),
  })
  .strict()
export type CategoryCreateRequest = z.infer<typeof categoryCreateRequest>

/** `POST /admin/api/categories/:id` (JSON): names (merged over the stored ones) and sort. */
export const categoryUpdateRequest = z
  .object({ names: categoryNames, sort: z.number().int().min(0).max(1_000_000) })
  .partial()
  .strict()
  .refine((change) => Object.keys(change).length > 0)
export type CategoryUpdateRequest = z.infer<typeof categoryUpdateRequest>

export interface AdminCategory {
  id: number
  key: string
  names: Record<string, string>
  sort: number
  /** How many instruments (enabled or not) it holds. */
  instruments: number
}

/** Highest fixed withdrawal fee (USD) and share of the amount staff may set. */
export const WITHDRAW_FIXED_FEE_MAX_USD = 10_000
export const WITHDRAW_FEE_SHARE_MAX = 0.2

/**
 * `POST /admin/api/withdraw_currencies/:id` (JSON): `fee_type` 1 a fixed USD fee, 2 a share of the
 * amount (`draw_rate`, checked against the type it ends up with), `usd_price` USD per unit.
 */
export const withdrawCurrencyUpdateRequest = z
  .object({
    fee_type: z.union([z.literal(1), z.literal(2)]),
    draw_rate: z
      .string()
      .trim()
      .regex(/^[0-9]{1,6}(\.[0-9]{1,6})?$/),
    usd_price: z
      .string()
      .trim()
      .regex(/^[0-9]{1,14}(\.[0-9]{1,10})?$/)
      .refine((text) => Number(text) > 0),
    enabled: z.boolean(),
    sort: z.number().int().min(0).max(1_000_000),
  })
  .partial()
  .strict()
  .refine((change) => Object.keys(change).length > 0)
export type WithdrawCurrencyUpdateRequest = z.infer<typeof withdrawCurrencyUpdateRequest>

export interface AdminWithdrawCurrency {
  id: number
  /** 1 coin, 2 bank. */
  type: number
  code: string
  protocol: string
  fee_type: number
  draw_rate: string
  usd_price: string
  enabled: boolean
  sort: number
}

/** `POST /admin/api/deposit_channels/:id` (JSON): a coin channel's address (checked for its network). */
export const depositChannelUpdateRequest = z
  .object({
    address: z.string().trim().min(1).max(128),
    enabled: z.boolean(),
    sort: z.number().int().min(0).max(1_000_000),
  })
  .partial()
  .strict()
  .refine((change) => Object.keys(change).length > 0)
export type DepositChannelUpdateRequest = z.infer<typeof depositChannelUpdateRequest>

export interface AdminDepositChannel {
  id: number
  currency_code: string
  protocol_code: string
  address: string
  enabled: boolean
  sort: number
}

const bankText = (max: number) => z.string().trim().max(max)

/** `POST /admin/api/deposit_bank_accounts/:id` (JSON): the broker's account shown for bank deposits. */
export const depositBankAccountUpdateRequest = z
  .object({
    bank_name: bankText(100).min(1),
    bank_address: bankText(200),
    // 8 or 11 characters once spaces are taken out (`DEUT DE FF 500` is typed as printed).
    bank_swift: bankText(20),
    payee_name: bankText(100).min(1),
    payee_account: bankText(64).min(1),
    bank_remark: bankText(300),
    enabled: z.boolean(),
    sort: z.number().int().min(0).max(1_000_000),
  })
  .partial()
  .strict()
  .refine((change) => Object.keys(change).length > 0)
export type DepositBankAccountUpdateRequest = z.infer<typeof depositBankAccountUpdateRequest>

export interface AdminDepositBankAccount {
  id: number
  /** The bank currency's name (`USD`). */
  currency: string
  bank_name: string
  bank_address: string
  bank_swift: string
  payee_name: string
  payee_account: string
  bank_remark: string
  enabled: boolean
  sort: number
}

/** Windows a holiday may have: a morning and an evening session with a break, and some room. */
export const HOLIDAY_WINDOWS_MAX = 4
export const HOLIDAY_NAME_MAX_LENGTH = 64

/** A YYYY-MM-DD date that exists (2026-02-30 does not), between 2000 and 2100. */
export const isoDate = z
  .string()
  .regex(/^(20\d\d|2100)-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/)
  // zod runs a refinement even after the pattern failed: the date is checked without throwing.
  .refine((text) => {
    const time = Date.parse(`${text}T00:00:00Z`)
    return Number.isFinite(time) && new Date(time).toISOString().startsWith(text)
  })

/** Minutes of one local day a holiday trades: 0 <= From < To <= 1440, ascending, not overlapping. */
export const holidayHoursField = z
  .array(
    z
      .object({ From: z.number().int().min(0).max(1440), To: z.number().int().min(0).max(1440) })
      .strict()
      .refine((w) => w.From < w.To),
  )
  .max(HOLIDAY_WINDOWS_MAX)
  .refine((list) => list.every((w, i) => i === 0 || (list[i - 1] as TradingWindow).To <= w.From))

/**
 * `POST /admin/api/holidays` and `POST /admin/api/holidays/:id` (JSON): a day the markets trade
 * other hours (docs/decisions/022-market-calendar.md). `date` is the market's own local date; it
 * applies to one instrument (`instrument_id`), a category (`category_id`) or every instrument (both
 * null); `hours` are the minutes of that day it trades ([] closed all day).
 */
export const holidayRequest = z
  .object({
    date: isoDate,
    name: z.string().trim().min(1).max(HOLIDAY_NAME_MAX_LENGTH).regex(ONE_LINE),
    instrument_id: z.number().int().min(1).max(2_147_483_647).nullable().default(null),
    category_id: z.number().int().min(1).max(2_147_483_647).nullable().default(null),
    hours: holidayHoursField,
  })
  .strict()
  .refine((h) => h.instrument_id === null || h.category_id === null)
export type HolidayRequest = z.infer<typeof holidayRequest>

/** `GET /admin/api/holidays?from=YYYY-MM-DD`: holidays on or after a date (default: 7 days ago). */
export const holidayListRequest = z.object({ from: isoDate.optional() })

export interface AdminHoliday {
  id: number
  date: string
  name: string
  instrument_id: number | null
  category_id: number | null
  /** Minutes of the local day it trades; empty: closed. */
  hours: TradingWindow[]
}
