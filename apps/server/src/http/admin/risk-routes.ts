import { inArray } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { users } from '../../db/schema.ts'
import { houseLimits, riskFromEngine } from '../../staff/risk/exposure.ts'
import { dailyHouseResult, todayFigures } from '../../staff/risk/money-figures.ts'
import { ok } from '../envelope.ts'
import { parse } from '../parse.ts'
import type { RouteDeps } from '../route-deps.ts'
import { requireStaff } from './staff-guard.ts'

export const riskRequest = z.object({
  /** 1 counts demo accounts too (house traders, practice accounts); by default real money only. */
  demo: z.enum(['0', '1']).default('0'),
})
/** The accounts nearest to stop-out that the view lists. */
const NEAREST = 20

/**
 * The risk view (issue 11, item 6): the house's open exposure per instrument (clients' positions
 * and their unrealized profit, the house's risk), how near each instrument is to the house's net
 * limit (issue 13), the accounts nearest to stop-out, margin calls, today's money (swaps included),
 * the house's daily trading result, and the liquidity providers' state (issue 28).
 */
export function adminRiskRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const { db, clock, reads, market } = deps
  app.get('/admin/api/risk', { preHandler: requireStaff(db, clock, 'risk.read') }, async (request) => {
    const { demo } = parse(riskRequest, request.query)
    const now = clock()
    const engine = await reads.ofEveryone()
    // Which accounts with positions are real money (few: only those holding positions are asked).
    const ids = [...engine.accountTotals()].filter((a) => a.positions > 0).map((a) => a.userId)
    const people = ids.length
      ? await db
          .select({ id: users.id, uid: users.uid, email: users.email, isDemo: users.isDemo })
          .from(users)
          .where(inArray(users.id, ids))
      : []
    const byId = new Map(people.map((p) => [p.id, p]))
    const { exposure, accounts } = riskFromEngine(
      engine,
      (id) => market.instrument(id)?.code ?? String(id),
      (userId) => demo === '1' || byId.get(userId)?.isDemo === false,
    )
    const withPeople = (list: typeof accounts) =>
      list.map((a) => ({
        ...a,
        uid: byId.get(a.user_id)?.uid ?? '',
        email: byId.get(a.user_id)?.email ?? '',
      }))
    return ok(request, {
      exposure,
      nearest_stop_out: withPeople(accounts.slice(0, NEAREST)),
      margin_calls: withPeople(accounts.filter((a) => a.margin_called)),
      levels: engine.riskSettings(),
      limits: houseLimits(engine, market.allInstruments()),
      today: await todayFigures(db, now),
      daily: await dailyHouseResult(db, now),
      // Where prices come from when they are liquidity providers' (empty otherwise).
      providers: (deps.providers?.() ?? []).map((p) => ({
        name: p.name,
        live: p.live,
        quiet_for_ms: p.quietForMs,
        instruments: p.instruments,
      })),
    })
  })
}
