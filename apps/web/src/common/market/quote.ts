import type { DayMarketMessage, Instrument } from '@tp/contracts/light'
import type { ServerMessage } from '../socket-client.ts'

/** What the screens show of an instrument's day: last price, change, range, bid and ask. */
export interface Quote {
  last: number
  /** Percent change from the day's open, e.g. 0.42 for +0.42 %. */
  change: number
  open: number
  high: number
  low: number
  bid: number
  ask: number
  /** Unix ms of the quote, to tell which of two quotes is newer. */
  time: number
}

export function instrumentQuote(instrument: Instrument): Quote {
  const day = instrument.ForexQuotations
  return {
    last: instrument.LastPrice,
    change: day.Change,
    open: day.Open,
    high: day.High,
    low: day.Low,
    bid: instrument.Bid,
    ask: instrument.Ask,
    time: day.NowTime,
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null

/** A socket frame is a day quotation when it has a symbol and a numeric close (docs/wire.md, DAY_MARKET). */
export function isDayMarketMessage(message: ServerMessage): message is ServerMessage & DayMarketMessage {
  return (
    message.type === 'DAY_MARKET' &&
    typeof message.symbol === 'string' &&
    isObject(message.quotation) &&
    typeof message.quotation.close === 'number'
  )
}

const numberOr = (value: unknown, fallback: number) => (typeof value === 'number' ? value : fallback)

export function messageQuote({ quotation }: DayMarketMessage): Quote {
  return {
    last: quotation.close,
    change: numberOr(quotation.change, Number.NaN),
    open: numberOr(quotation.open, Number.NaN),
    high: numberOr(quotation.high, Number.NaN),
    low: numberOr(quotation.low, Number.NaN),
    // Bid and ask are ours (docs/wire.md); a server without them shows none rather than invented ones.
    bid: numberOr(quotation.bid, Number.NaN),
    ask: numberOr(quotation.ask, Number.NaN),
    time: numberOr(quotation.time, 0),
  }
}

/**
 * The newer of the listed quote (from `trade_list`) and the last live one: a list reloaded by
 * pull-to-refresh must not be overwritten by an older socket quote, nor a live quote by a stale list.
 */
export function newerQuote(listed: Quote, live: Quote | undefined): Quote {
  return live && live.time >= listed.time ? live : listed
}

export function currentQuote(instrument: Instrument, live: Quote | undefined): Quote {
  return newerQuote(instrumentQuote(instrument), live)
}
