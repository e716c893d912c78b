import type { AdminInstrument, InstrumentUpdateRequest, MarginModeValue } from '@tp/contracts'
import { changedFields } from './rules.ts'
import { checkedSessions, fromPoint, toPoint, type WeekPoint } from './sessions.ts'

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
  min_lots: string
  max_lots: string
  lot_step: string
  contract_size: string
  margin_mode: MarginModeValue
  fee_rate: string
  /** As typed in the tag list; whole numbers checked by the form. */
  leverage: string[]
  sessions: SessionRow[]
  anchor_price: number
  /** The simulator's daily volatility in percent (the server takes a share: 1 % is 0.01). */
  volatility_percent: number
  tick_interval_ms: number
}

const tidy = (n: number) => Number(n.toPrecision(12))

export function toForm(item: AdminInstrument): InstrumentFormValues {
  return {
    name: item.name,
    show_code: item.show_code,
    category_id: item.category_id,
    enabled: item.enabled,
    sort: item.sort,
    spread_points: item.spread_points,
    min_lots: item.min_lots,
    max_lots: item.max_lots,
    lot_step: item.lot_step,
    contract_size: item.contract_size,
    margin_mode: item.margin_mode,
    fee_rate: item.fee_rate,
    leverage: item.leverage.map(String),
    sessions: item.sessions.map((w) => ({ from: toPoint(w.From), to: toPoint(w.To, true) })),
    anchor_price: item.anchor_price,
    volatility_percent: tidy(item.daily_volatility * 100),
    tick_interval_ms: item.tick_interval_ms,
  }
}

/** Typed leverage texts as the server wants them: numbers, ascending, each once. */
export function leverageValues(texts: readonly string[]): number[] {
  return [...new Set(texts.map((text) => Number(String(text).trim())))].sort((a, b) => a - b)
}

/** Session rows as windows (sorted), or undefined while a time is not valid. */
export function sessionWindows(rows: readonly SessionRow[]) {
  const windows = rows.map((row) => ({ From: fromPoint(row.from), To: fromPoint(row.to) }))
  if (windows.some((w) => w.From === undefined || w.To === undefined)) return undefined
  const checked = checkedSessions(windows as { From: number; To: number }[])
  return checked.ok ? checked.value : undefined
}

/** The fields that differ from the instrument as it was opened: what the save sends, nothing more. */
export function instrumentChange(
  item: AdminInstrument,
  values: InstrumentFormValues,
): InstrumentUpdateRequest {
  const { leverage, sessions, volatility_percent, ...plain } = values
  const windows = sessionWindows(sessions)
  // The form's rules ran first: an unreadable session list here is a bug, never "closed for good".
  if (!windows) throw new Error('sessions were not checked')
  const next: InstrumentUpdateRequest = {
    ...plain,
    leverage: leverageValues(leverage),
    sessions: windows,
    daily_volatility: tidy(volatility_percent / 100),
  }
  return changedFields(item as unknown as InstrumentUpdateRequest, next)
}
