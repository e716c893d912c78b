import type { DayMarketMessage, Instrument } from '@tp/contracts/light'
import { describe, expect, it } from 'vitest'
import { currentQuote, instrumentQuote, isDayMarketMessage, messageQuote } from './quote.ts'

const instrument = {
  Code: 'EURUSD',
  LastPrice: 1.08,
  Bid: 1.07995,
  Ask: 1.08005,
  ForexQuotations: { Open: 1.07, Close: 1.08, High: 1.09, Low: 1.06, Change: 0.93, NowTime: 1_000 },
} as Instrument

const message: DayMarketMessage = {
  type: 'DAY_MARKET',
  symbol: 'EURUSD',
  quotation: {
    forex_id: 1,
    open: 1.07,
    close: 1.085,
    high: 1.09,
    low: 1.06,
    change: 1.4,
    volume: 12,
    amount: 0,
    bid: 1.08495,
    ask: 1.08505,
    time: 2_000,
  },
}

describe('quotes', () => {
  it('recognises day-market frames only', () => {
    expect(isDayMarketMessage({ ...message })).toBe(true)
    expect(isDayMarketMessage({ type: 'KLINE', symbol: 'EURUSD' })).toBe(false)
    expect(isDayMarketMessage({ type: 'DAY_MARKET', symbol: 'EURUSD', quotation: {} })).toBe(false)
    expect(isDayMarketMessage({ type: 'DAY_MARKET', quotation: message.quotation })).toBe(false)
  })

  it('reads bid and ask from the live frame', () => {
    expect(messageQuote(message)).toMatchObject({ last: 1.085, change: 1.4, bid: 1.08495, ask: 1.08505 })
  })

  it('shows the newer of the listed and the live quote', () => {
    const live = messageQuote(message)
    expect(currentQuote(instrument, live)).toBe(live)
    expect(currentQuote(instrument, { ...live, time: 500 })).toEqual(instrumentQuote(instrument))
    expect(currentQuote(instrument, undefined).last).toBe(1.08)
  })
})
