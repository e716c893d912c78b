// Property invariants of copy trading (decision 053), after every step of any history.
import { LedgerType, OrderStatus } from '@tp/contracts'
import type { Follow } from './copy-book.ts'
import { USERS, DEMO_USER, check, type Record_ } from './engine.properties.model.ts'
import type { Runner } from './engine.properties.runner.ts'

/** The running follows, by id: taken before each step. */
export function runningFollows(runner: Runner): Map<number, Follow> {
  return new Map(USERS.flatMap((u) => runner.engine.followsOf(u)).map((f) => [f.id, f]))
}

/**
 * (a) A leader's own new position is copied, or skipped with a reason, once for each follow that ran
 * unpaused before the step; nothing else is copied, and a copy is never copied again. (b) When a
 * leader's position closes whole, no copy of it stays with a running follow. (c) Every copy of a
 * running follow has its leader's side and its follower's account. (d) Profit share comes in pairs,
 * the follower's charge the leader's credit, between real accounts only.
 */
export function checkCopies(runner: Runner, record: Record_, before: Map<number, Follow>): void {
  const { engine } = runner
  const { events, step } = record
  const after = runningFollows(runner)
  const liveBefore = runner.liveBefore
  const closedLeaderOrders = new Set<number>()
  for (const [i, event] of events.entries()) {
    if (event.type === 'position_opened' && event.order.copyOf === 0 && step.kind !== 'follow') {
      const leader = event.order
      for (const f of before.values()) {
        if (f.leaderId !== leader.userId || f.paused || !after.has(f.id)) continue
        const copies = events.filter(
          (e) => e.type === 'position_opened' && e.order.copyOf === leader.id && e.order.followId === f.id,
        ).length
        const skips = events.filter(
          (e) => e.type === 'copy_skipped' && e.skip.leaderOrderId === leader.id && e.skip.followId === f.id,
        ).length
        check(
          copies + skips === 1,
          () => `order ${leader.id}: follow ${f.id} got ${copies} copies, ${skips} skips`,
        )
      }
    }
    if (event.type === 'position_opened' && event.order.copyOf !== 0) {
      const copy = event.order
      const follow = after.get(copy.followId) ?? before.get(copy.followId)
      check(
        follow?.followerId === copy.userId,
        () => `copy ${copy.id} of follow ${copy.followId} for ${copy.userId}`,
      )
      // The leader's order it copies was its own (opened in this step, or live before it).
      const leaderOrder = events
        .slice(0, i)
        .find((e) => e.type === 'position_opened' && e.order.id === copy.copyOf)
      const own = leaderOrder?.type === 'position_opened' ? leaderOrder.order : engine.order(copy.copyOf)
      check(
        own !== undefined && own.copyOf === 0,
        () => `copy ${copy.id} copies ${copy.copyOf}, not a leader's own`,
      )
      check(
        own?.side === copy.side && own.leverage === copy.leverage,
        () => `copy ${copy.id} differs from its leader's`,
      )
    }
    if (event.type === 'position_closed' && event.order.copyOf === 0 && liveBefore.has(event.order.id))
      closedLeaderOrders.add(event.order.id)
    if (event.type === 'booked' && event.booking.type === LedgerType.PROFIT_SHARE) {
      const { booking } = event
      check(booking.userId !== DEMO_USER, () => `profit share booked on a practice account`)
      check(!booking.amount.isZero(), () => `a profit share of nothing booked for ${booking.userId}`)
      if (booking.amount.isNegative()) {
        const next = events[i + 1]
        check(
          next?.type === 'booked' &&
            next.booking.type === LedgerType.PROFIT_SHARE &&
            next.booking.amount.equals(booking.amount.negated()) &&
            next.booking.ref === booking.ref,
          () => `profit share ${booking.amount} of ${booking.userId} without its credit`,
        )
      }
    }
  }
  for (const u of USERS)
    for (const order of engine.ordersOf(u)) {
      if (order.copyOf === 0 || !after.has(order.followId)) continue
      check(
        !closedLeaderOrders.has(order.copyOf),
        () => `copy ${order.id} outlived its leader's ${order.copyOf}`,
      )
      check(order.status === OrderStatus.Holding, () => `copy ${order.id} is not a position`)
      const leaderOrder = engine.order(order.copyOf)
      if (leaderOrder) check(leaderOrder.side === order.side, () => `copy ${order.id} on the other side`)
    }
  // Every charge raised the high-water mark by at least what it was charged for: nothing is shared twice.
  for (const f of after.values())
    check(
      !f.sharePaid.greaterThan(f.highWater.times(f.profitSharePercent).div(100).plus('0.01')),
      () => `follow ${f.id} paid ${f.sharePaid} on a mark of ${f.highWater} at ${f.profitSharePercent}%`,
    )
}
