import type { FastifyInstance } from 'fastify'
import {
  noticeListRequest,
  noticePrefRequest,
  noticeReadRequest,
  type NoticePage,
  type NoticePref,
} from '@tp/contracts'
import { markNoticesRead, noticePage, unreadNotices } from '../../notices/notices.ts'
import { noticeItem } from '../../notices/notice-view.ts'
import { noticePrefsOf, setNoticePref } from '../../notices/notice-prefs.ts'
import { rememberLanguage } from '../../users/users.ts'
import { requireSession, sessionOf } from '../auth-guard.ts'
import { answer, langOf, ok } from '../envelope.ts'
import { parse } from '../parse.ts'
import { perUserRateLimited, type RouteDeps } from '../route-deps.ts'

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

  // The app asks this on every screen with the bell and each minute: the language it is read in
  // now is kept for the user's push and e-mail.
  app.get('/api/notice/unread', signedIn, async (request) => {
    const { userId } = sessionOf(request)
    await rememberLanguage(db, userId, langOf(request))
    return ok<{ unread: number }>(request, { unread: await unreadNotices(db, userId) })
  })

  app.post('/api/notice/read', signedIn, async (request) => {
    const { id, all } = parse(noticeReadRequest, request.body ?? {})
    const which = all === undefined && id !== undefined ? id : 'all'
    const unread = await markNoticesRead(db, sessionOf(request).userId, which, clock())
    return ok<{ unread: number }>(request, { unread })
  })

  const limited = { ...signedIn, config: perUserRateLimited('notices', deps.rateLimits.notices) }
  app.get('/api/notice/prefs', signedIn, async (request) =>
    ok<{ list: NoticePref[] }>(request, { list: await noticePrefsOf(db, sessionOf(request).userId) }),
  )

  app.post('/api/notice/prefs', limited, async (request) => {
    const { kind, channel, on } = parse(noticePrefRequest, request.body ?? {})
    return answer(
      request,
      await setNoticePref(db, sessionOf(request).userId, { kind, channel, on: on === 1 }),
      'saved',
    )
  })
}
