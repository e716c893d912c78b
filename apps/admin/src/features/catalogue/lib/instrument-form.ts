import type { AdminInstrument, InstrumentUpdateRequest, MarginModeValue } from '@tp/contracts/light'
import { changedFields } from './rules.ts'
import { checkedSessions, clockText, fromPoint, toPoint, type WeekPoint } from './sessions.ts'

/** One weekly window as the editor holds it: days and "HH:MM" texts, checked on save. */
export interface SessionRow {
  from: WeekPoint
  to: WeekPoint
}

/** The instrument drawer's form: every editable field, in the units staff type. */
export interface InstrumentFormValues {
  name: string
  show_code: string
  category_id: number
  enabled: boolean
  sort: number
  spread_points: number
  markup_points: number
  min_lots: string
  max_lots: string
  lot_step: string
  contract_size: string
  margin_mode: MarginModeValue
  fee_rate: string
  /** Swap rates as typed (signed decimal text), their unit, the triple-swap weekday (NO_TRIPLE_DAY: none). */
  swap_long: string
  swap_short: string
  swap_mode: 1 | 2
  swap_triple_day: number
  /** "HH:MM" in `time_zone`. */
  rollover_time: string
  /** The IANA zone the sessions, the rollover and the triple-swap day are read in. */
  time_zone: string
  /** Price protection in points. */
  stops_level: number
  freeze_level: number
  /** House limits in lots as typed; empty: no limit. */
  max_net_lots: string
  max_account_lots: string
  /** As typed in the tag list; whole numbers checked by the form. */
  leverage: string[]
  sessions: SessionRow[]
  anchor_price: number
  /** The simulator's daily volatility in percent (the server takes a share: 1 % is 0.01). */
  volatility_percent: number
  tick_interval_ms: number
}

const tidy = (n: number) => Number(n.toPrecision(12))

/** The triple-swap select's "none" (a select holds no null). */
export const NO_TRIPLE_DAY = -1

/** Minutes after midnight from "HH:MM" (00:00 to 23:59), or undefined. */
export function minuteOfTime(text: string): number | undefined {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(text.trim())
  return match ? Number(match[1]) * 60 + Number(match[2]) : undefined
}

export function toForm(item: AdminInstrument): InstrumentFormValues {
  return {
    name: item.name,
    show_code: item.show_code,
    category_id: item.category_id,
    enabled: item.enabled,
    sort: item.sort,
    spread_points: item.spread_points,
    markup_points: item.markup_points,
    min_lots: item.min_lots,
    max_lots: item.max_lots,
    lot_step: item.lot_step,
    contract_size: item.contract_size,
    margin_mode: item.margin_mode,
    fee_rate: item.fee_rate,
    swap_long: item.swap_long,
    swap_short: item.swap_short,
    swap_mode: item.swap_mode,
    swap_triple_day: item.swap_triple_day ?? NO_TRIPLE_DAY,
    rollover_time: clockText(item.rollover_minute),
    time_zone: item.time_zone,
    stops_level: item.stops_level,
    freeze_level: item.freeze_level,
    max_net_lots: item.max_net_lots ?? '',
    max_account_lots: item.max_account_lots ?? '',
    leverage: item.leverage.map(String),
    sessions: item.sessions.map((w) => ({ from: toPoint(w.From), to: toPoint(w.To, true) })),
    anchor_price: item.anchor_price,
    volatility_percent: tidy(item.daily_volatility * 100),
    tick_interval_ms: item.tick_interval_ms,
  }
}

/** Typed leverage texts as `instrumentUpdateRequest` takes them: numbers, ascending, each once. */
export function leverageValues(texts: readonly string[]): number[] {
  return [...new Set(texts.map((text) => Number(String(text).trim())))].sort((a, b) => a - b)
}

/** A session row's minutes of the week (undefined where a time is not HH:MM from 00:00 to 24:00). */
export const readSessionRow = (row: SessionRow) => ({ From: fromPoint(row.from), To: fromPoint(row.to) })

/** Session rows as windows (sorted), or undefined while a time is not valid. */
export function sessionWindows(rows: readonly SessionRow[]) {
  const windows = rows.map(readSessionRow)
  if (windows.some((w) => w.From === undefined || w.To === undefined)) return undefined
  const checked = checkedSessions(windows as { From: number; To: number }[])
  return checked.ok ? checked.value : undefined
}

/** A house limit as typed: empty is no limit (null). */
const limitOrNone = (text: string | undefined) => (text?.trim() ? text.trim() : null)

/** The fields that differ from the instrument as it was opened: what the save sends, nothing more. */
export function instrumentChange(
  item: AdminInstrument,
  values: InstrumentFormValues,
): InstrumentUpdateRequest {
  const {
    leverage,
    sessions,
    volatility_percent,
    swap_triple_day,
    rollover_time,
    max_net_lots,
    max_account_lots,
    ...plain
  } = values
  const windows = sessionWindows(sessions)
  // The form's rules ran first: an unreadable session list here is a bug, never "closed for good".
  if (!windows) throw new Error('sessions were not checked')
  const next: InstrumentUpdateRequest = {
    ...plain,
    leverage: leverageValues(leverage),
    sessions: windows,
    daily_volatility: tidy(volatility_percent / 100),
    swap_triple_day: swap_triple_day === NO_TRIPLE_DAY ? null : swap_triple_day,
    rollover_minute: minuteOfTime(rollover_time) as number,
    max_net_lots: limitOrNone(max_net_lots),
    max_account_lots: limitOrNone(max_account_lots),
  }
  return changedFields(item as unknown as InstrumentUpdateRequest, next)
}
