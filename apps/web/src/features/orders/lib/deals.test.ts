import {
  OrderStatus,
  type BalanceAnswer,
  type ForexTradeMessage,
  type MyDealAnswer,
  type TransOrder,
} from '@tp/contracts/light'
import { describe, expect, it } from 'vitest'
import {
  accountFigures,
  flattenDeals,
  formatProfit,
  liveMarks,
  localTime,
  outcomeKey,
  parseTab,
  withLiveMark,
} from './deals.ts'
import { isForexClosedMessage, isForexTradeMessage } from '../../../common/trading/order-messages.ts'

const order = (Id: number, patch: Partial<TransOrder> = {}) =>
  ({ Id, Status: OrderStatus.Holding, ...patch }) as TransOrder
const page = (ids: number[], total: number): MyDealAnswer => ({
  data: ids.map((id) => order(id)),
  total,
  currency_page: 10,
  all_fact_profits: '0.000000',
  balance: '10000.00',
})

describe('orders tabs and paging', () => {
  it('open the tab named by ?type=, else Holding', () => {
    expect(parseTab('1')).toBe(1)
    expect(parseTab('0')).toBe(0)
    expect(parseTab('3')).toBe(3)
    expect(parseTab(null)).toBe(1)
    expect(parseTab('')).toBe(1)
    expect(parseTab('2')).toBe(1)
  })

  it('list each order once and leave out the ones FOREX_CLOSED named', () => {
    const pages = [page([5, 4], 4), page([4, 3], 4)]
    expect(flattenDeals(pages, new Set()).map((o) => o.Id)).toEqual([5, 4, 3])
    expect(flattenDeals(pages, new Set([4])).map((o) => o.Id)).toEqual([5, 3])
  })
})

describe('live marks', () => {
  const message = {
    type: 'FOREX_TRADE',
    HazardRate: 1192.97,
    CautionMoneyAll: '838.199400',
    ProfitsTotal: '-0.300000',
    OriginCautionMoneyTotal: '838.199400',
    TransOrder: [order(7, { UpdatePrice: 83789.94, FactProfits: '-0.300000' })],
    Balance: '9999.800000',
    Equity: '9999.500000',
  } satisfies ForexTradeMessage

  it('put the socket’s mark and profit on holding orders only', () => {
    const marks = liveMarks(message)
    expect(withLiveMark(order(7, { UpdatePrice: 1, FactProfits: '0.000000' }), marks)).toMatchObject({
      UpdatePrice: 83789.94,
      FactProfits: '-0.300000',
    })
    const closed = order(7, { Status: OrderStatus.Closed, FactProfits: '-0.490000' })
    expect(withLiveMark(closed, marks)).toBe(closed)
    expect(liveMarks(null).size).toBe(0)
  })

  it('still take the three-field items of servers before issue 8', () => {
    const frame = { ...message, TransOrder: [{ Id: 7, UpdatePrice: 83789.94, FactProfits: '-0.300000' }] }
    expect(isForexTradeMessage(frame)).toBe(true)
    const listed = order(7, { UpdatePrice: 1, FactProfits: '0.000000', CautionMoney: '838.199400' })
    expect(withLiveMark(listed, liveMarks(frame))).toEqual({
      ...listed,
      UpdatePrice: 83789.94,
      FactProfits: '-0.300000',
    })
  })

  it('take whole orders as FOREX_TRADE items too, with their revalued margin, stops and swap', () => {
    const whole = order(7, {
      UpdatePrice: 83800.5,
      FactProfits: '1.250000',
      CautionMoney: '840.000000',
      Swap: '-21.300000',
      Quantity: 9,
      TargetLossPrice: 83700,
      TargetProfitPrice: 0,
      TrailingStop: 10_050,
    })
    const frame = { ...message, TransOrder: [whole] }
    expect(isForexTradeMessage(frame)).toBe(true)
    const listed = order(7, {
      UpdatePrice: 1,
      FactProfits: '0.000000',
      CautionMoney: '838.199400',
      Quantity: 0.01,
    })
    // The stops too: a trailing stop moves the stop-loss between two reads of the list.
    expect(withLiveMark(listed, liveMarks(frame))).toEqual({
      ...listed,
      UpdatePrice: 83800.5,
      FactProfits: '1.250000',
      CautionMoney: '840.000000',
      Swap: '-21.300000',
      TargetLossPrice: 83700,
      TargetProfitPrice: 0,
      TrailingStop: 10_050,
    })
  })

  it('recognise FOREX_TRADE and FOREX_CLOSED frames', () => {
    expect(isForexTradeMessage(message)).toBe(true)
    expect(isForexTradeMessage({ type: 'FOREX_TRADE' })).toBe(false)
    expect(isForexClosedMessage({ type: 'FOREX_CLOSED', id: [1, 2] })).toBe(true)
    expect(isForexClosedMessage({ type: 'FOREX_CLOSED', id: ['1'] })).toBe(false)
  })

  it('show the account in user units: money with 2 decimals', () => {
    const balance: BalanceAnswer = {
      balance: '9999.80',
      lock_balance: '0.00',
      equity: '9999.450000',
      margin: '838.199400',
      free_margin: '9161.250600',
      margin_level: 1192.9,
      profit: '-0.350000',
      withdrawable: '8323.05',
    }
    expect(accountFigures(balance, null)).toEqual({
      balance: '9,999.80',
      equity: '9,999.45',
      margin: '838.19',
      freeMargin: '9,161.25',
      level: '1,192.90%',
      profit: '-0.35',
    })
    expect(accountFigures(balance, message)).toEqual({
      balance: '9,999.80',
      equity: '9,999.50',
      margin: '838.19',
      freeMargin: '9,161.30',
      level: '1,192.97%',
      profit: '-0.30',
    })
    expect(accountFigures(undefined, { ...message, HazardRate: null })).toMatchObject({
      balance: '--',
      level: '--',
    })
    // Cut, not rounded: just under the margin-call level never reads as 100.00 %.
    expect(accountFigures(undefined, { ...message, HazardRate: 99.996 }).level).toBe('99.99%')
  })
})

describe('order texts', () => {
  it('sign profits with 2 decimals, as money is shown', () => {
    expect(formatProfit('1.25')).toBe('+1.25')
    expect(formatProfit('-0.3')).toBe('-0.30')
    expect(formatProfit('0.000000')).toBe('0.00')
    expect(formatProfit('-0.004')).toBe('0.00')
    expect(formatProfit(12345.5)).toBe('+12,345.50')
  })

  it('show wire times (UTC) in the phone’s time zone, as the language writes them', () => {
    const expected = new Date(Date.UTC(2026, 10, 23, 11, 27, 8))
    const shown = localTime('2026-11-23 11:27:08')
    expect(shown).toBe(
      new Intl.DateTimeFormat('zh-Hant-HK-u-nu-latn', {
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      }).format(expected),
    )
    expect(shown).toContain('2026')
    expect(localTime('')).toBe('')
  })

  it('name how an order ended', () => {
    expect(outcomeKey(order(1, { Status: OrderStatus.Cancelled }))).toBe('orders.cancelled')
    expect(outcomeKey(order(1, { Status: OrderStatus.Closed, ClosedType: 4 }))).toBe('orders.closedStopLoss')
    expect(outcomeKey(order(1, { Status: OrderStatus.Closed, ClosedType: 2 }))).toBe('orders.closedStopOut')
    expect(outcomeKey(order(1, { Status: OrderStatus.Closed, ClosedType: 1 }))).toBe('orders.closedUser')
    expect(outcomeKey(order(1, { Status: OrderStatus.Closed, ClosedType: 6, CloseById: 9 }))).toBe(
      'orders.closedBy',
    )
  })
})
