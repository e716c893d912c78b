import { sql } from 'drizzle-orm'
import type { RiskWarning } from '@tp/contracts'
import { firstRow, type Db } from '../db/client.ts'

/*
 * The risk warning's figure (issue 26, decision 045), as retail CFD brokers must show it: the share
 * of the platform's real accounts that lost money over the last 12 months, from the platform's own
 * closed trades. An account lost money when the trades it closed in the period made a loss in sum
 * (their profit, which holds the close's price difference, plus the swap booked on them, less
 * their commission). Demo and house accounts do not count.
 */

const MONTHS = 12
/** How long a computed figure is shown before it is computed again. */
const REFRESH_MS = 60 * 60_000

export async function computeRiskWarning(db: Db, now: Date): Promise<RiskWarning> {
  const since = new Date(now)
  since.setUTCMonth(since.getUTCMonth() - MONTHS)
  const result = await db.execute(sql`
    select count(*)::int as accounts, count(*) filter (where net < 0)::int as losing
    from (
      select o.user_id, sum(o.profit + o.swap - o.fee) as net
      from orders o join users u on u.id = o.user_id
      where o.status = 3 and o.closed_at >= ${since} and o.closed_at < ${now}
        and not u.is_demo and not u.is_house
      group by o.user_id
    ) per_account`)
  const row = firstRow<{ accounts: number; losing: number }>(result)
  const accounts = Number(row?.accounts ?? 0)
  const losing = Number(row?.losing ?? 0)
  return {
    percent: accounts === 0 ? null : Math.round((losing / accounts) * 100),
    accounts,
    months: MONTHS,
  }
}

/** The figure of one process: computed when first asked, and again once an hour. */
export function riskWarningSource(db: Db, clock: () => Date) {
  let cached: { value: RiskWarning; at: number } | undefined
  let computing: Promise<RiskWarning> | undefined
  return async (): Promise<RiskWarning> => {
    const nowMs = clock().getTime()
    if (cached && nowMs - cached.at < REFRESH_MS) return cached.value
    computing ??= computeRiskWarning(db, new Date(nowMs))
      .then((value) => {
        cached = { value, at: nowMs }
        return value
      })
      .finally(() => {
        computing = undefined
      })
    return computing
  }
}
