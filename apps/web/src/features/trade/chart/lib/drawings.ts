/**
 * Lines the trader draws on the chart: horizontal lines at a price, and trend lines between two
 * points (an instant and a price each, so they stay where they were drawn whatever the period). They
 * are kept on the phone, per instrument, under this module's own localStorage key.
 */
export interface DrawnPoint {
  /** Unix ms of the candle the point was put on. */
  timeMs: number
  price: number
}

export type Drawing =
  | { id: string; kind: 'horizontal'; price: number }
  | { id: string; kind: 'trend'; from: DrawnPoint; to: DrawnPoint }

export type DrawingKind = Drawing['kind']

/** Lines per instrument: a bound on what is stored and drawn (each is a price line or a series). */
export const MAX_DRAWINGS = 20
/** Instruments with lines: the store stays small however many instruments a trader draws on. */
export const MAX_DRAWN_INSTRUMENTS = 100

export const DRAWINGS_KEY = 'tp.chart.drawings'

type Store = Record<string, Drawing[]>

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value)

const point = (value: unknown): DrawnPoint | null => {
  const raw = value as Partial<DrawnPoint> | null
  return raw && isNumber(raw.timeMs) && isNumber(raw.price) && raw.price > 0
    ? { timeMs: raw.timeMs, price: raw.price }
    : null
}

/** One stored drawing, or null when it is not one (an old or edited store). */
function drawing(value: unknown): Drawing | null {
  const raw = value as Record<string, unknown> | null
  if (!raw || typeof raw.id !== 'string' || raw.id.length > 40) return null
  if (raw.kind === 'horizontal' && isNumber(raw.price) && raw.price > 0)
    return { id: raw.id, kind: 'horizontal', price: raw.price }
  const from = point(raw.from)
  const to = point(raw.to)
  if (raw.kind === 'trend' && from && to) return { id: raw.id, kind: 'trend', from, to }
  return null
}

/** Stored text to drawings per instrument code: anything that is not a drawing is dropped. */
export function parseDrawings(text: string | null): Store {
  if (!text) return {}
  try {
    const raw = JSON.parse(text) as unknown
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return {}
    const out: Store = {}
    for (const [code, list] of Object.entries(raw).slice(0, MAX_DRAWN_INSTRUMENTS)) {
      if (!Array.isArray(list)) continue
      const kept = list.map(drawing).filter((item): item is Drawing => item !== null)
      if (kept.length > 0) out[code] = kept.slice(0, MAX_DRAWINGS)
    }
    return out
  } catch {
    return {}
  }
}

function readStore(): Store {
  try {
    return parseDrawings(window.localStorage.getItem(DRAWINGS_KEY))
  } catch {
    return {}
  }
}

export function readDrawings(code: string): Drawing[] {
  return readStore()[code] ?? []
}

/** Keeps an instrument's lines (none: its entry goes); the other instruments' lines stay as stored. */
export function writeDrawings(code: string, list: readonly Drawing[]): void {
  const store = readStore()
  delete store[code]
  if (list.length > 0) store[code] = list.slice(0, MAX_DRAWINGS)
  const codes = Object.keys(store)
  // The most recently drawn-on instrument is last; the oldest go first when there are too many.
  for (const old of codes.slice(0, Math.max(0, codes.length - MAX_DRAWN_INSTRUMENTS))) delete store[old]
  try {
    window.localStorage.setItem(DRAWINGS_KEY, JSON.stringify(store))
  } catch {
    // Private mode or a full store: the lines hold for this visit only.
  }
}

/** A new drawing's id: unique on this phone (time and a random part). */
export const newDrawingId = (nowMs: number, random: number) =>
  `${nowMs.toString(36)}${Math.floor(random * 36 ** 4).toString(36)}`

/**
 * Where a point drawn at `timeMs` lies on a chart of `times` (the Unix ms starts of the candles
 * shown, ascending): the index of the candle holding it, the last one for a point after them, or
 * null for a point before the first (those candles are not loaded).
 */
export function candleIndexAt(times: readonly number[], timeMs: number): number | null {
  if (times.length === 0 || timeMs < (times[0] as number)) return null
  let low = 0
  let high = times.length - 1
  while (low < high) {
    const middle = Math.ceil((low + high) / 2)
    if ((times[middle] as number) <= timeMs) low = middle
    else high = middle - 1
  }
  return low
}
