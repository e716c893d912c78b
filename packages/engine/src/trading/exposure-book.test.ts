import { describe, expect, it } from 'vitest'
import { Side } from '@tp/contracts'
import { ExposureBook, type BookPosition, type Valued } from './exposure-book.ts'
import { seededRandom } from '../market/random.ts'
import type { Quote } from './types.ts'

/**
 * The book's incremental marks against a from-scratch count, over random positions and ticks:
 * USDJPY prices JPY (its own rows and two JPY crosses move with it, one of them in fixed margin
 * mode beside leveraged positions, whose larger side can change with the rate alone), EURUSD is in
 * USD. A USDJPY tick moves JPY holders through their per-currency sums, not their rows.
 */
const USDJPY = 1
const EURJPY = 2
const XJPY = 3
const EURUSD = 4
const CURRENCY: Record<number, string> = { [USDJPY]: 'JPY', [EURJPY]: 'JPY', [XJPY]: 'JPY', [EURUSD]: 'USD' }

interface Held extends BookPosition {
  account: number
  instrumentId: number
}

function world(seed: number) {
  const random = seededRandom(seed)
  const quotes = new Map<number, Quote>([
    [USDJPY, { bid: 150, ask: 150.02, timeMs: 0 }],
    [EURJPY, { bid: 160, ask: 160.03, timeMs: 0 }],
    [XJPY, { bid: 9000, ask: 9001, timeMs: 0 }],
    [EURUSD, { bid: 1.1, ask: 1.1002, timeMs: 0 }],
  ])
  const rateOf = (currency: string) => {
    if (currency === 'USD') return 1
    const q = quotes.get(USDJPY) as Quote
    return 1 / ((q.bid + q.ask) / 2)
  }
  const book = new ExposureBook<Valued>(
    (id) => quotes.get(id),
    (id) => CURRENCY[id],
    rateOf,
  )
  book.setConversions(new Map([[USDJPY, [USDJPY, EURJPY, XJPY]]]))
  const accounts = Array.from({ length: 6 }, () => ({ slot: -1, exposures: new Map<number, number>() }))
  accounts.forEach((a, i) => book.register(a, 5000 + i * 1000))
  const held: Held[] = []

  /** Profit and margin of one account counted from its positions at the current quotes. */
  const expected = (account: number) => {
    let profit = 0
    let margin = 0
    for (const instrumentId of [USDJPY, EURJPY, XJPY, EURUSD]) {
      const q = quotes.get(instrumentId) as Quote
      const rate = rateOf(CURRENCY[instrumentId] as string)
      const sides = { buy: 0, sell: 0 }
      for (const p of held.filter((h) => h.account === account && h.instrumentId === instrumentId)) {
        const buy = p.side === Side.Buy
        profit += (buy ? q.bid - p.price : p.price - q.ask) * p.units * rate
        const used = p.fixed ? p.units : (p.units / p.leverage) * (buy ? q.ask : q.bid) * rate
        sides[buy ? 'buy' : 'sell'] += used
      }
      margin += Math.max(sides.buy, sides.sell)
    }
    return { profit, margin }
  }

  const step = () => {
    const roll = random.next()
    if (roll < 0.3 || held.length === 0) {
      const instrumentId = 1 + Math.floor(random.next() * 4)
      const account = Math.floor(random.next() * accounts.length)
      const side = random.next() < 0.5 ? Side.Buy : Side.Sell
      const q = quotes.get(instrumentId) as Quote
      const position: Held = {
        account,
        instrumentId,
        side,
        units: 1000 * (1 + Math.floor(random.next() * 5)),
        price: side === Side.Buy ? q.ask : q.bid,
        leverage: 20,
        fixed: instrumentId === XJPY && random.next() < 0.5,
      }
      held.push(position)
      book.change(accounts[account] as Valued, instrumentId, position, 1)
    } else if (roll < 0.4) {
      const [gone] = held.splice(Math.floor(random.next() * held.length), 1)
      if (gone) book.change(accounts[gone.account] as Valued, gone.instrumentId, gone, -1)
    } else {
      const instrumentId = random.next() < 0.5 ? USDJPY : 1 + Math.floor(random.next() * 4)
      const q = quotes.get(instrumentId) as Quote
      const move = 1 + (random.next() - 0.5) * 0.2
      const bid = q.bid * move
      quotes.set(instrumentId, { bid, ask: bid + (q.ask - q.bid), timeMs: q.timeMs + 1 })
      book.revalue(instrumentId, { marginCall: 100, stopOut: 50 })
    }
  }
  return { book, accounts, expected, step }
}

describe('ExposureBook', () => {
  it('keeps every account at its from-scratch profit and margin, in USD, through rate moves', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const { book, accounts, expected, step } = world(seed)
      for (let n = 0; n < 400; n++) {
        step()
        accounts.forEach((account, i) => {
          const { profit, margin } = expected(i)
          const near = (a: number, b: number) => Math.abs(a - b) <= 1e-6 * Math.max(1, Math.abs(b))
          expect(near(book.profitOf(account), profit), `seed ${seed} step ${n} profit ${i}`).toBe(true)
          expect(near(book.marginOf(account), margin), `seed ${seed} step ${n} margin ${i}`).toBe(true)
        })
        book.takeQueued()
      }
    }
  })

  it('queues an account that a move of the rate alone takes under its levels', () => {
    const quotes = new Map<number, Quote>([
      [USDJPY, { bid: 150, ask: 150, timeMs: 0 }],
      [EURJPY, { bid: 160, ask: 160, timeMs: 0 }],
    ])
    const rate = () => 1 / (quotes.get(USDJPY) as Quote).bid
    const jpyBook = new ExposureBook<Valued>(
      (id) => quotes.get(id),
      (id) => CURRENCY[id],
      (c) => (c === 'USD' ? 1 : rate()),
    )
    jpyBook.setConversions(new Map([[USDJPY, [USDJPY, EURJPY]]]))
    const fresh = { slot: -1, exposures: new Map<number, number>() }
    jpyBook.register(fresh, 100)
    // 1,000 EURJPY bought at 170, now 160, at 1:20: 8,000 JPY of margin (53.33 USD at 150) and a
    // 10,000 JPY loss (66.67 USD): (100 - 66.67) / 53.33 = 62.5 %.
    jpyBook.change(fresh, EURJPY, { side: Side.Buy, units: 1000, price: 170, leverage: 20, fixed: false }, 1)
    expect(jpyBook.level(fresh)).toBeCloseTo(62.5, 6)
    // The yen strengthens, EURJPY does not move: the loss and margin in USD grow, the balance does
    // not. At 100: a loss of 100 USD and a margin of 80 USD, (100 - 100) / 80 = 0 %.
    quotes.set(USDJPY, { bid: 100, ask: 100, timeMs: 1 })
    jpyBook.revalue(USDJPY, { marginCall: 100, stopOut: 80 })
    expect(jpyBook.takeQueued()).toEqual([fresh])
    expect(jpyBook.level(fresh)).toBeCloseTo(0, 6)
    expect(jpyBook.marginOf(fresh)).toBeCloseTo(80, 9)
  })
})
