import type { FastifyInstance } from 'fastify'
import { historyTotalsRequest, statementRequest, type HistoryTotals } from '@tp/contracts'
import { refuse } from '../../outcome/outcome.ts'
import { historyTotals } from '../../trading/statement/history-totals.ts'
import { periodOf } from '../../trading/statement/period.ts'
import { statementCsv } from '../../trading/statement/statement-csv.ts'
import { statementOf } from '../../trading/statement/statement-data.ts'
import { statementPdf } from '../../trading/statement/statement-pdf.ts'
import { zoneTime } from '../../trading/statement/zone-time.ts'
import { requireSession, sessionOf } from '../auth-guard.ts'
import { langOf, ok, refused } from '../envelope.ts'
import { parse } from '../parse.ts'
import { perUserRateLimited, type RouteDeps } from '../route-deps.ts'

const CONTENT_TYPE = { csv: 'text/csv; charset=utf-8', pdf: 'application/pdf' } as const

/**
 * The account's history over a period (issue 25, docs/decisions/038-account-statement.md): its totals
 * from the ledger, and the statement to download. Both read the caller's own rows only.
 */
export function statementRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const { db, market } = deps
  const signedIn = { preHandler: requireSession(db, deps.clock) }
  const download = { ...signedIn, config: perUserRateLimited('statement', deps.rateLimits.statement) }

  app.get('/v1/api/forex/history_totals', signedIn, async (request) => {
    const range = parse(historyTotalsRequest, request.query)
    const { userId } = sessionOf(request)
    return ok<HistoryTotals>(request, await historyTotals(db, userId, periodOf(range)))
  })

  app.get('/v1/api/main/account/statement', download, async (request, reply) => {
    const { format, tz, ...range } = parse(statementRequest, request.query)
    const { userId } = sessionOf(request)
    const statement = await statementOf(db, market, userId, periodOf(range))
    if (statement === undefined) return refused(request, refuse('account_not_found'))
    if (statement === 'too_large') return refused(request, refuse('statement_too_large'))
    const day = (ms: number) => zoneTime(ms, tz).slice(0, 10)
    // The last day of the period is the day before its end (the end is the next day's start).
    const name = `statement-${statement.uid}-${day(range.from)}-${day(range.to - 1)}.${format}`
    const body =
      format === 'csv' ? statementCsv(statement, langOf(request), tz) : await statementPdf(statement, tz)
    return reply
      .header('content-type', CONTENT_TYPE[format])
      .header('content-disposition', `attachment; filename="${name.replace(/[^A-Za-z0-9._-]/g, '_')}"`)
      .header('cache-control', 'no-store')
      .send(body)
  })
}
