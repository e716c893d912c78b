// The trigger scenario table: per row an order, quiet ticks, the firing tick and what it books.
import { ClosedType } from '@tp/contracts'
import type { OpenCommand } from './engine.ts'
import { buy, sell } from './test-fixtures.ts'
import type { EngineEvent } from './types.ts'

export interface TriggerRow {
  name: string
  open: OpenCommand
  /** Ticks that must not fire anything. */
  quiet: [number, number][]
  /** The tick that fires. */
  fire: [number, number]
  /** Pending orders: the price the fill happens at. */
  fill?: number
  close?: { price: number; type: number; profit: string }
  types: EngineEvent['type'][]
}

/* Every row: 1 lot, fee 0; profit = price difference x 100 000. */
export const TRIGGERS: TriggerRow[] = [
  {
    name: 'buy stop-loss fires when the bid falls to it',
    open: buy({ stopLoss: 1.099 }),
    // A bid just above the stop does not fire it.
    quiet: [
      [1.0995, 1.0996],
      [1.09905, 1.09915],
    ],
    fire: [1.099, 1.0991],
    // (1.09900 - 1.10010) x 100 000 = -110
    close: { price: 1.099, type: ClosedType.StopLoss, profit: '-110' },
    types: ['position_closed', 'booked'],
  },
  {
    name: 'buy take-profit fires when the bid rises to it',
    open: buy({ takeProfit: 1.102 }),
    quiet: [
      [1.1015, 1.1016],
      [1.1019, 1.102], // the ask reaches 1.102, the bid does not
    ],
    fire: [1.102, 1.1021],
    // (1.10200 - 1.10010) x 100 000 = 190
    close: { price: 1.102, type: ClosedType.TakeProfit, profit: '190' },
    types: ['position_closed', 'booked'],
  },
  {
    name: 'sell stop-loss fires when the ask rises to it',
    open: sell({ stopLoss: 1.101 }),
    quiet: [
      [1.1004, 1.1005],
      [1.10089, 1.10099], // just short of it
    ],
    fire: [1.1009, 1.101],
    // (1.10000 - 1.10100) x 100 000 = -100
    close: { price: 1.101, type: ClosedType.StopLoss, profit: '-100' },
    types: ['position_closed', 'booked'],
  },
  {
    name: 'sell take-profit fires when the ask falls to it',
    open: sell({ takeProfit: 1.099 }),
    quiet: [
      [1.0992, 1.0993],
      [1.099, 1.0991], // the bid reaches 1.099, the ask does not
    ],
    fire: [1.0989, 1.099],
    // (1.10000 - 1.09900) x 100 000 = 100
    close: { price: 1.099, type: ClosedType.TakeProfit, profit: '100' },
    types: ['position_closed', 'booked'],
  },
  {
    name: 'buy-limit (below the ask) fills when the ask falls to it',
    open: buy({ targetPrice: 1.099 }),
    quiet: [
      [1.1005, 1.1006], // rising: never
      [1.0995, 1.0996],
      [1.099, 1.0991], // the bid at the target, the ask not
    ],
    fire: [1.0989, 1.099],
    fill: 1.099,
    types: ['position_opened'],
  },
  {
    name: 'buy-stop (above the ask) fills when the ask rises to it',
    open: buy({ targetPrice: 1.101 }),
    quiet: [
      [1.0995, 1.0996], // falling: never
      [1.1005, 1.1006],
    ],
    fire: [1.1009, 1.101],
    fill: 1.101,
    types: ['position_opened'],
  },
  {
    name: 'sell-limit (above the bid) fills when the bid rises to it',
    open: sell({ targetPrice: 1.101 }),
    quiet: [
      [1.0995, 1.0996],
      [1.1009, 1.101], // the ask at the target, the bid not
    ],
    fire: [1.101, 1.1011],
    fill: 1.101,
    types: ['position_opened'],
  },
  {
    name: 'sell-stop (below the bid) fills when the bid falls to it',
    open: sell({ targetPrice: 1.099 }),
    quiet: [
      [1.1005, 1.1006],
      [1.0995, 1.0996],
    ],
    fire: [1.099, 1.0991],
    fill: 1.099,
    types: ['position_opened'],
  },
  {
    name: 'buy-limit gapped through fills at the new ask (better than the target)',
    open: buy({ targetPrice: 1.099 }),
    quiet: [],
    fire: [1.0979, 1.098],
    fill: 1.098,
    types: ['position_opened'],
  },
  {
    name: 'buy-stop gapped through fills at the new ask (worse than the target)',
    open: buy({ targetPrice: 1.101 }),
    quiet: [],
    fire: [1.1029, 1.103],
    fill: 1.103,
    types: ['position_opened'],
  },
  {
    name: 'buy-limit filled by a gap then closed by its stop-loss the same tick',
    open: buy({ targetPrice: 1.099, stopLoss: 1.0985 }),
    quiet: [[1.0995, 1.0996]],
    fire: [1.0979, 1.098],
    fill: 1.098,
    // fills at ask 1.09800; the bid 1.09790 is already below the stop 1.09850: closes at the bid.
    // (1.09790 - 1.09800) x 100 000 = -10
    close: { price: 1.0979, type: ClosedType.StopLoss, profit: '-10' },
    types: ['position_opened', 'position_closed', 'booked'],
  },
  {
    name: 'sell-limit filled by a gap then closed by its stop-loss the same tick',
    open: sell({ targetPrice: 1.101, stopLoss: 1.102 }),
    quiet: [],
    fire: [1.1029, 1.103],
    fill: 1.1029,
    // fills at bid 1.10290; the ask 1.10300 is above the stop 1.10200: closes at the ask.
    // (1.10290 - 1.10300) x 100 000 = -10
    close: { price: 1.103, type: ClosedType.StopLoss, profit: '-10' },
    types: ['position_opened', 'position_closed', 'booked'],
  },
  {
    name: 'buy stop-loss gapped through closes at the new bid, not the stop',
    open: buy({ stopLoss: 1.099 }),
    quiet: [],
    fire: [1.095, 1.0951],
    // (1.09500 - 1.10010) x 100 000 = -510 (at the stop it would have been -110)
    close: { price: 1.095, type: ClosedType.StopLoss, profit: '-510' },
    types: ['position_closed', 'booked'],
  },
  {
    name: 'sell stop-loss gapped through closes at the new ask',
    open: sell({ stopLoss: 1.101 }),
    quiet: [],
    fire: [1.1049, 1.105],
    // (1.10000 - 1.10500) x 100 000 = -500
    close: { price: 1.105, type: ClosedType.StopLoss, profit: '-500' },
    types: ['position_closed', 'booked'],
  },
  {
    name: 'sell take-profit gapped through closes at the new (better) ask',
    open: sell({ takeProfit: 1.099 }),
    quiet: [],
    fire: [1.0949, 1.095],
    // (1.10000 - 1.09500) x 100 000 = 500
    close: { price: 1.095, type: ClosedType.TakeProfit, profit: '500' },
    types: ['position_closed', 'booked'],
  },
]
