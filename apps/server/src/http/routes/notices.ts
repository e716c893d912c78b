import type { FastifyInstance } from 'fastify'
import { noticeListRequest, noticeReadRequest, type NoticePage } from '@tp/contracts'
import { markNoticesRead, noticePage, unreadNotices } from '../../notices/notices.ts'
import { noticeItem } from '../../notices/notice-view.ts'
import { requireSession, sessionOf } from '../auth-guard.ts'
import { langOf, ok } from '../envelope.ts'
import { parse } from '../parse.ts'
import type { RouteDeps } from '../route-deps.ts'

/**
 * The signed-in user's inbox (issue 26, decision 043): their notices, newest first, in the request's
 * language, and read marks. Only the caller's own notices are ever read or marked.
 */
export function noticeRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const { db, clock, market } = deps
  const name = (id: number) => market.instrument(id)?.showCode
  const signedIn = { preHandler: requireSession(db, clock) }

  app.get('/api/notice/list', signedIn, async (request) => {
    const { page, limit } = parse(noticeListRequest, request.query)
    const lang = langOf(request)
    const found = await noticePage(db, sessionOf(request).userId, page, limit)
    return ok<NoticePage>(request, {
      list: found.rows.map((row) => noticeItem(row, lang, name)),
      total: found.total,
      unread: found.unread,
    })
  })

  app.get('/api/notice/unread', signedIn, async (request) =>
    ok<{ unread: number }>(request, { unread: await unreadNotices(db, sessionOf(request).userId) }),
  )

  app.post('/api/notice/read', signedIn, async (request) => {
    const { id, all } = parse(noticeReadRequest, request.body ?? {})
    const which = all === undefined && id !== undefined ? id : 'all'
    const unread = await markNoticesRead(db, sessionOf(request).userId, which, clock())
    return ok<{ unread: number }>(request, { unread })
  })
}
