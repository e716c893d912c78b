import { Side } from '@tp/contracts/light'
import { describe, expect, it } from 'vitest'
import { decimalInput } from './decimal-input.ts'
import { pointsApart } from '@tp/engine/rules'
import { checkPendingDistance, checkStop, checkStopPair, parsePriceText } from './stops.ts'

describe('price text', () => {
  it('is 0 when empty, else a plain decimal within the precision', () => {
    expect(parsePriceText('', 2)).toBe(0)
    expect(parsePriceText(' 41000.5 ', 2)).toBe(41000.5)
    expect(parsePriceText('1.50', 1)).toBe(1.5)
    expect(parsePriceText('1.555', 2)).toBeNull()
    expect(parsePriceText('-1', 2)).toBeNull()
    expect(parsePriceText('1e5', 2)).toBeNull()
    expect(parsePriceText('12,5', 2)).toBeNull()
  })
})

describe('stop-loss and take-profit checks', () => {
  const buy = { side: Side.Buy, reference: 83780.55, precision: 2 } as const
  const sell = { side: Side.Sell, reference: 83810.55, precision: 2 } as const

  it('send 0 (none) for an empty field unless its box is ticked', () => {
    expect(checkStop('stopLoss', '', buy)).toEqual({ ok: true, value: 0 })
    expect(checkStop('stopLoss', '', { ...buy, required: true })).toEqual({
      ok: false,
      problem: { key: 'stops.stopLossRequired' },
    })
    expect(checkStop('takeProfit', ' ', { ...sell, required: true })).toEqual({
      ok: false,
      problem: { key: 'stops.takeProfitRequired' },
    })
    expect(checkStop('stopLoss', '0', { ...buy, required: true })).toEqual({ ok: true, value: 0 })
  })

  it('refuse what is not a price of 0 or more at the precision', () => {
    expect(checkStop('stopLoss', '41000.123', buy)).toEqual({
      ok: false,
      problem: { key: 'stops.stopLossInvalid', values: { decimals: 2 } },
    })
    expect(checkStop('takeProfit', '-5', buy)).toEqual({
      ok: false,
      problem: { key: 'stops.takeProfitInvalid', values: { decimals: 2 } },
    })
  })

  it("keep a buy's stop-loss below and its take-profit above the price it closes at", () => {
    expect(checkStop('stopLoss', '41000', buy)).toEqual({ ok: true, value: 41000 })
    expect(checkStop('stopLoss', '90000', buy)).toEqual({
      ok: false,
      problem: { key: 'stops.stopLossBelow', values: { price: '83,780.55' } },
    })
    expect(checkStop('takeProfit', '90000', buy)).toEqual({ ok: true, value: 90000 })
    expect(checkStop('takeProfit', '83780.55', buy)).toEqual({
      ok: false,
      problem: { key: 'stops.takeProfitAbove', values: { price: '83,780.55' } },
    })
  })

  it("keep a sell's stop-loss above and its take-profit below", () => {
    expect(checkStop('stopLoss', '90000', sell)).toEqual({ ok: true, value: 90000 })
    expect(checkStop('stopLoss', '80000', sell)).toEqual({
      ok: false,
      problem: { key: 'stops.stopLossAbove', values: { price: '83,810.55' } },
    })
    expect(checkStop('takeProfit', '80000', sell)).toEqual({ ok: true, value: 80000 })
    expect(checkStop('takeProfit', '90000', sell)).toEqual({
      ok: false,
      problem: { key: 'stops.takeProfitBelow', values: { price: '83,810.55' } },
    })
  })

  it('leave the side to the server when no price is known', () => {
    expect(checkStop('stopLoss', '90000', { ...buy, reference: Number.NaN })).toEqual({
      ok: true,
      value: 90000,
    })
  })
})

describe('the stops level', () => {
  /** Gold at 2 decimals with a stops level of 50 points: stops at least 0.50 from the reference. */
  const gold = { side: Side.Buy, reference: 2350.0, precision: 2, stopsLevel: 50 } as const

  it("counts whole points with the engine's pointsApart, whatever the float arithmetic", () => {
    expect(pointsApart(1.1, 1.1002, 5)).toBe(20)
    expect(pointsApart(2349.5, 2350, 2)).toBe(50)
  })

  it('refuses a stop nearer than the level, stating the points, the distance and the price', () => {
    expect(checkStop('stopLoss', '2349.51', gold)).toEqual({
      ok: false,
      problem: {
        key: 'stops.stopLossTooClose',
        values: { points: 50, distance: '0.50', price: '2,350.00' },
      },
    })
    expect(checkStop('stopLoss', '2349.50', gold)).toEqual({ ok: true, value: 2349.5 })
    expect(checkStop('takeProfit', '2350.2', gold)).toMatchObject({
      ok: false,
      problem: { key: 'stops.takeProfitTooClose' },
    })
    expect(checkStop('takeProfit', '2350.5', gold)).toEqual({ ok: true, value: 2350.5 })
  })

  it('says the wrong side first, and lets "none" through', () => {
    expect(checkStop('stopLoss', '2350.1', gold)).toMatchObject({
      problem: { key: 'stops.stopLossBelow' },
    })
    expect(checkStopPair('', '0', gold)).toEqual({ ok: true, value: { stopLoss: 0, takeProfit: 0 } })
  })

  it("checks a pending order's price against the market, and nothing at level 0", () => {
    expect(checkPendingDistance(2350.3, 2350, 2, 50)).toEqual({
      ok: false,
      problem: {
        key: 'orderForm.errors.priceTooClose',
        values: { points: 50, distance: '0.50', price: '2,350.00' },
      },
    })
    expect(checkPendingDistance(2350.5, 2350, 2, 50)).toEqual({ ok: true, value: 2350.5 })
    expect(checkPendingDistance(2350.01, 2350, 2, 0)).toEqual({ ok: true, value: 2350.01 })
  })
})

describe('decimal fields', () => {
  it('keep digits and one point; a comma is a point; no minus sign', () => {
    expect(decimalInput('-12.5')).toBe('12.5')
    expect(decimalInput('1,25')).toBe('1.25')
    expect(decimalInput('1.2.3')).toBe('1.23')
    expect(decimalInput('abc')).toBe('')
  })
})
