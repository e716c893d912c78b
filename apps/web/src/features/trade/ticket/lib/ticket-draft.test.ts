import { Side } from '@tp/contracts/light'
import { describe, expect, it } from 'vitest'
import { testInstrument } from '../../../../common/trading/test-instrument.ts'
import { parsePoints, previewStop, toOrderDraft, withStopUnit, type TicketDraft } from './ticket-draft.ts'
import { GOOD_TILL_CANCELLED } from '../../../../common/trading/expiry.ts'

const eurusd = testInstrument({ Code: 'EURUSD', PricePrecision: 5, ForexContNum: 100000 })
const quote = { bid: 1.08412, ask: 1.08415 }

function draft(overrides: Partial<TicketDraft> = {}): TicketDraft {
  return {
    side: Side.Buy,
    kind: 'market',
    priceText: '',
    lotsText: '0.10',
    leverage: 1,
    stopLoss: { on: false, text: '' },
    takeProfit: { on: false, text: '' },
    expiry: GOOD_TILL_CANCELLED,
    deviationText: '10',
    stopUnit: 'points',
    ...overrides,
  }
}

describe('points typed in the ticket', () => {
  it('are whole counts above 0', () => {
    expect(parsePoints('150')).toBe(150)
    expect(parsePoints(' 7 ')).toBe(7)
    expect(parsePoints('0')).toBeNull()
    expect(parsePoints('1.5')).toBeNull()
    expect(parsePoints('')).toBeNull()
  })

  it('become prices from the ask of a market buy and the bid of a market sell', () => {
    const buy = toOrderDraft(
      draft({ stopLoss: { on: true, text: '150' }, takeProfit: { on: true, text: '300' } }),
      quote,
      5,
    )
    expect(buy.ok && buy.value.stopLoss).toEqual({ on: true, text: '1.08265' })
    expect(buy.ok && buy.value.takeProfit).toEqual({ on: true, text: '1.08715' })
    const sell = toOrderDraft(draft({ side: Side.Sell, stopLoss: { on: true, text: '150' } }), quote, 5)
    expect(sell.ok && sell.value.stopLoss).toEqual({ on: true, text: '1.08562' })
  })

  it('count from the typed price of a pending order', () => {
    const pending = toOrderDraft(
      draft({ kind: 'pending', priceText: '1.08000', stopLoss: { on: true, text: '100' } }),
      quote,
      5,
    )
    expect(pending.ok && pending.value.stopLoss.text).toBe('1.07900')
  })

  it('are refused when not a whole count, and ignored while their stop is off', () => {
    const bad = toOrderDraft(draft({ stopLoss: { on: true, text: '1.5' } }), quote, 5)
    expect(bad).toEqual({ ok: false, problem: { key: 'ticket.errors.stopLossPoints' } })
    const off = toOrderDraft(draft({ takeProfit: { on: false, text: 'x' } }), quote, 5)
    expect(off.ok).toBe(true)
  })

  it('pass prices through unchanged', () => {
    const typed = draft({ stopUnit: 'price', stopLoss: { on: true, text: '1.08' } })
    const checked = toOrderDraft(typed, quote, 5)
    expect(checked.ok && checked.value.stopLoss.text).toBe('1.08')
    expect(checked.ok && 'stopUnit' in checked.value).toBe(false)
  })
})

describe('switching the stop unit', () => {
  it('converts the typed stops at the current entry, both ways', () => {
    const inPrice = draft({
      stopUnit: 'price',
      stopLoss: { on: true, text: '1.08265' },
      takeProfit: { on: false, text: '1.08715' },
    })
    const inPoints = withStopUnit(inPrice, 'points', quote, 5)
    expect(inPoints.stopLoss.text).toBe('150')
    expect(inPoints.takeProfit.text).toBe('300')
    expect(withStopUnit(inPoints, 'price', quote, 5).stopLoss.text).toBe('1.08265')
  })

  it('drops a value that does not convert (a stop on the wrong side)', () => {
    const wrong = draft({ stopUnit: 'price', stopLoss: { on: true, text: '1.09' } })
    expect(withStopUnit(wrong, 'points', quote, 5).stopLoss.text).toBe('')
  })
})

describe('the stop preview', () => {
  it('shows the price, the points and the USD profit or loss if hit', () => {
    const typed = draft({ stopLoss: { on: true, text: '150' }, takeProfit: { on: true, text: '300' } })
    expect(previewStop('stopLoss', typed, quote, eurusd, 1)).toEqual({
      price: 1.08265,
      points: 150,
      profit: -15,
    })
    expect(previewStop('takeProfit', typed, quote, eurusd, 1)).toEqual({
      price: 1.08715,
      points: 300,
      profit: 30,
    })
  })

  it('is empty for a stop that is off or not readable', () => {
    expect(previewStop('stopLoss', draft(), quote, eurusd, 1)).toEqual({
      price: null,
      points: null,
      profit: null,
    })
    const typed = draft({ stopUnit: 'price', stopLoss: { on: true, text: 'abc' } })
    expect(previewStop('stopLoss', typed, quote, eurusd, 1).price).toBeNull()
  })
})
