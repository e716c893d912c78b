import { Side } from '@tp/contracts/light'
import { describe, expect, it } from 'vitest'
import { checkOrder, entryPrice, type OrderDraft } from './order-check.ts'
import { testInstrument } from '../../../common/trading/test-instrument.ts'
import { GOOD_TILL_CANCELLED, wireTimeOf } from '../../../common/trading/expiry.ts'

const btc = testInstrument()
const quote = { bid: 83780.55, ask: 83810.55 }
const draft = (patch: Partial<OrderDraft> = {}): OrderDraft => ({
  side: Side.Buy,
  kind: 'market',
  priceText: '',
  lotsText: '0.01',
  leverage: 1,
  stopLoss: { on: false, text: '' },
  takeProfit: { on: false, text: '' },
  expiry: GOOD_TILL_CANCELLED,
  deviationText: '10',
  ...patch,
})
const problemOf = (patch: Partial<OrderDraft>, instrument = btc) => {
  const checked = checkOrder(draft(patch), instrument, quote)
  return checked.ok ? null : checked.problem
}

describe('order checks (docs/product.md "Input rules")', () => {
  it('build the submit query of a market buy with no stops', () => {
    expect(checkOrder(draft(), btc, quote)).toEqual({
      ok: true,
      value: {
        forex_id: 30,
        type: 1,
        cont: '0.01',
        status: 1,
        target_price: 0,
        stop_loss_price: 0,
        target_profit_price: 0,
        multiple: 1,
        // The ask on the BUY button, and the deviation allowed from it.
        price: 83810.55,
        deviation: 10,
      },
    })
  })

  it('send the price seen (bid of a sell) and the deviation with a market order only', () => {
    expect(checkOrder(draft({ side: Side.Sell, deviationText: '' }), btc, quote)).toMatchObject({
      ok: true,
      value: { price: 83780.55, deviation: 0 },
    })
    // A live quote off the grid by float arithmetic is sent at the instrument's precision.
    expect(checkOrder(draft(), btc, { bid: 1, ask: 83810.550000001 })).toMatchObject({
      value: { price: 83810.55 },
    })
    const pending = checkOrder(draft({ kind: 'pending', priceText: '80000' }), btc, quote)
    expect(pending.ok && ('price' in pending.value || 'deviation' in pending.value)).toBe(false)
    expect(problemOf({ deviationText: '12a' })).toEqual({ key: 'orderForm.errors.deviationInvalid' })
    expect(problemOf({ deviationText: '2000000' })).toEqual({ key: 'orderForm.errors.deviationInvalid' })
  })

  it('refuse when the instrument has no leverage options', () => {
    expect(problemOf({}, testInstrument({ HasForexMultiple: [] }))).toEqual({
      key: 'orderForm.errors.leverageNotConfigured',
    })
  })

  it('need a leverage of the instrument chosen', () => {
    expect(problemOf({ leverage: null })).toEqual({ key: 'orderForm.errors.noMultiple' })
    expect(problemOf({ leverage: 5 })).toEqual({ key: 'orderForm.errors.noMultiple' })
  })

  it('need lots', () => {
    expect(problemOf({ lotsText: '' })).toEqual({ key: 'orderForm.errors.lotsRequired' })
    expect(problemOf({ lotsText: '0' })).toEqual({ key: 'orderForm.errors.lotsRequired' })
  })

  it('need a price for a pending order', () => {
    expect(problemOf({ kind: 'pending' })).toEqual({ key: 'orderForm.errors.priceRequired' })
    expect(problemOf({ kind: 'pending', priceText: '0' })).toEqual({ key: 'orderForm.errors.priceRequired' })
    expect(problemOf({ kind: 'pending', priceText: '1.234' })).toEqual({
      key: 'orderForm.errors.priceInvalid',
      values: { decimals: 2 },
    })
    const pending = checkOrder(draft({ kind: 'pending', priceText: '80000' }), btc, quote)
    expect(pending).toMatchObject({ ok: true, value: { status: 0, target_price: 80000 } })
  })

  it("send a pending order's expiry, and no expiry with a market order", () => {
    const now = new Date(2026, 10, 25, 12, 0).getTime()
    const today = draft({ kind: 'pending', priceText: '80000', expiry: { type: 1, local: '' } })
    expect(checkOrder(today, btc, quote, now)).toMatchObject({ ok: true, value: { expire_type: 1 } })
    const picked = { type: 2 as const, local: '2026-11-26T08:30' }
    expect(
      checkOrder(draft({ kind: 'pending', priceText: '80000', expiry: picked }), btc, quote, now),
    ).toMatchObject({
      ok: true,
      value: { expire_type: 2, expire_time: wireTimeOf(new Date(2026, 10, 26, 8, 30).getTime()) },
    })
    const past = { type: 2 as const, local: '2026-11-25T11:59' }
    expect(checkOrder(draft({ kind: 'pending', priceText: '80000', expiry: past }), btc, quote, now)).toEqual(
      {
        ok: false,
        problem: { key: 'expiry.errors.past' },
      },
    )
    const market = checkOrder(draft({ expiry: past }), btc, quote, now)
    expect(market.ok && 'expire_type' in market.value).toBe(false)
  })

  it('send stops only while their boxes are ticked', () => {
    const off = checkOrder(draft({ stopLoss: { on: false, text: '41000' } }), btc, quote)
    expect(off).toMatchObject({ ok: true, value: { stop_loss_price: 0 } })
    const on = checkOrder(
      draft({ stopLoss: { on: true, text: '41000' }, takeProfit: { on: true, text: '90000' } }),
      btc,
      quote,
    )
    expect(on).toMatchObject({ ok: true, value: { stop_loss_price: 41000, target_profit_price: 90000 } })
  })

  it('judge a market order’s stops against the price it closes at, a pending one’s against its price', () => {
    // A buy closes at the bid: a stop-loss between bid and ask is above it, so it is refused.
    expect(problemOf({ stopLoss: { on: true, text: '83790' } })).toEqual({
      key: 'stops.stopLossBelow',
      values: { price: '83,780.55' },
    })
    expect(problemOf({ side: Side.Sell, stopLoss: { on: true, text: '83800' } })).toEqual({
      key: 'stops.stopLossAbove',
      values: { price: '83,810.55' },
    })
    expect(
      problemOf({ kind: 'pending', priceText: '80000', takeProfit: { on: true, text: '79000' } }),
    ).toEqual({ key: 'stops.takeProfitAbove', values: { price: '80,000.00' } })
    expect(problemOf({ stopLoss: { on: true, text: '' } })).toEqual({ key: 'stops.stopLossRequired' })
  })
})

describe('the stops level (decision 023)', () => {
  /** 5,000 points of 0.01: stops and pending prices at least 50.00 from their reference. */
  const gapped = testInstrument({ StopsLevel: 5000 })
  const nearProblem = (patch: Partial<OrderDraft>) => {
    const checked = checkOrder(draft(patch), gapped, quote)
    return checked.ok ? null : checked.problem
  }

  it("refuses a market order's stop nearer than the level to the price it closes at", () => {
    // A buy closes at the bid, 83,780.55: 83,740.55 is 40.00 below it.
    expect(nearProblem({ stopLoss: { on: true, text: '83740.55' } })).toEqual({
      key: 'stops.stopLossTooClose',
      values: { points: 5000, distance: '50.00', price: '83,780.55' },
    })
    expect(nearProblem({ stopLoss: { on: true, text: '83730.55' } })).toBeNull()
    expect(nearProblem({ side: Side.Sell, takeProfit: { on: true, text: '83770' } })).toEqual({
      key: 'stops.takeProfitTooClose',
      values: { points: 5000, distance: '50.00', price: '83,810.55' },
    })
  })

  it("refuses a pending order's stop nearer than the level to its own price", () => {
    expect(
      nearProblem({ kind: 'pending', priceText: '80000', takeProfit: { on: true, text: '80049.99' } }),
    ).toMatchObject({ key: 'stops.takeProfitTooClose', values: { price: '80,000.00' } })
    expect(
      nearProblem({ kind: 'pending', priceText: '80000', takeProfit: { on: true, text: '80050' } }),
    ).toBeNull()
  })

  it('refuses a pending price nearer than the level to the market (the ask of a buy)', () => {
    expect(nearProblem({ kind: 'pending', priceText: '83770' })).toEqual({
      key: 'orderForm.errors.priceTooClose',
      values: { points: 5000, distance: '50.00', price: '83,810.55' },
    })
    expect(nearProblem({ kind: 'pending', priceText: '83760.55' })).toBeNull()
    expect(nearProblem({ kind: 'pending', side: Side.Sell, priceText: '83800' })).toMatchObject({
      key: 'orderForm.errors.priceTooClose',
      values: { price: '83,780.55' },
    })
  })

  it('is no check at level 0', () => {
    expect(
      problemOf({ kind: 'pending', priceText: '83810.55', stopLoss: { on: true, text: '83810.54' } }),
    ).toBeNull()
  })
})

describe('entry price', () => {
  it('is the ask to buy, the bid to sell, or the entered price of a pending order', () => {
    expect(entryPrice(draft(), quote, 2)).toBe(83810.55)
    expect(entryPrice(draft({ side: Side.Sell }), quote, 2)).toBe(83780.55)
    expect(entryPrice(draft({ kind: 'pending', priceText: '80000' }), quote, 2)).toBe(80000)
    expect(entryPrice(draft({ kind: 'pending', priceText: '' }), quote, 2)).toBe(83810.55)
  })
})
