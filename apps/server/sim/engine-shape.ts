/** An engine's state for the simulated users, as text to compare: a restart must not change it. */
import Decimal from 'decimal.js'
import type { TradingEngine } from '@tp/engine'

/** Per user: the balance, the margin-call flag and each live order, oldest first. */
export type EngineShape = Map<number, string[]>

export function engineShape(
  engine: TradingEngine,
  users: readonly { userId: number }[],
  stored: Map<number, string>,
): EngineShape {
  const shape: EngineShape = new Map()
  for (const { userId } of users) {
    // An engine loads a flat account from its row when it is first used: until then the row is it.
    const balance = engine.balance(userId) ?? stored.get(userId)
    const lines = [`balance ${balance === undefined ? '-' : new Decimal(balance).toString()}`]
    lines.push(`margin call ${engine.isMarginCalled(userId)}`)
    for (const o of engine.ordersOf(userId).sort((x, y) => x.id - y.id))
      lines.push(
        JSON.stringify({
          id: o.id,
          status: o.status,
          side: o.side,
          lots: o.lots.toString(),
          price: o.price,
          originPrice: o.originPrice,
          // A trailed stop is stored lazily (at most once a second): after a restart it may lag.
          stopLoss: o.trailingPoints > 0 ? 'trailing' : o.stopLoss,
          takeProfit: o.takeProfit,
          margin: o.margin.toString(),
          fee: o.fee.toString(),
          swap: o.swap.toString(),
          swapThroughMs: o.swapThroughMs,
          expiresAtMs: o.expiresAtMs,
          trailingPoints: o.trailingPoints,
          copyOf: o.copyOf,
          followId: o.followId,
        }),
      )
    for (const f of engine.followsOf(userId))
      lines.push(
        JSON.stringify({
          follow: f.id,
          leaderId: f.leaderId,
          allocation: f.allocation.toString(),
          paused: f.paused,
          stop: f.copyStopLossPercent,
          share: f.profitSharePercent,
          realized: f.realized.toString(),
          highWater: f.highWater.toString(),
          sharePaid: f.sharePaid.toString(),
        }),
      )
    shape.set(userId, lines)
  }
  return shape
}

/** The first difference between two shapes, or undefined. */
export function shapeDifference(
  a: EngineShape,
  b: EngineShape,
  aName: string,
  bName: string,
): string | undefined {
  for (const [userId, lines] of a) {
    const other = b.get(userId) ?? []
    for (let i = 0; i < Math.max(lines.length, other.length); i++)
      if (lines[i] !== other[i]) return `user ${userId}: ${lines[i]} ${aName}, ${other[i]} ${bName}`
  }
  return undefined
}
