import type { FastifyInstance } from 'fastify'
import {
  rankDetailRequest,
  rankListRequest,
  rankSettingsRequest,
  type RankListAnswer,
  type RankSettings,
} from '@tp/contracts'
import { RankingCache, traderDetail } from '../../rank/ranking.ts'
import { rankSettings, saveRankSettings } from '../../rank/rank-settings.ts'
import { requireSession, sessionOf } from '../auth-guard.ts'
import { answer, ok } from '../envelope.ts'
import { parse } from '../parse.ts'
import { perUserRateLimited, rateLimited, type RateLimit, type RouteDeps } from '../route-deps.ts'

/**
 * Saving ranking choices per user: a person toggles it a few times at most; more is a script trying
 * nicknames.
 */
const SETTINGS_LIMIT: RateLimit = { max: 30, timeWindowMs: 60_000 }
/** Trader profiles one address may open a minute. */
const DETAIL_LIMIT: RateLimit = { max: 120, timeWindowMs: 60_000 }

/**
 * The ranking (issue 10): the public list and profiles of traders who chose to be shown, and each
 * user's own choice. Copy trading (following) comes later; no call here follows anyone.
 */
export function rankRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const { db, clock } = deps
  const signedIn = { preHandler: requireSession(db, clock) }
  const ranking = new RankingCache(db, clock)

  app.get('/api/follow/list', async (request) => {
    const { page, limit } = parse(rankListRequest, request.query)
    return ok<RankListAnswer>(request, await ranking.page(page, limit))
  })

  // Public and a few queries each: held per address, far above anyone browsing profiles.
  app.get('/api/follow/detail', { config: rateLimited(DETAIL_LIMIT) }, async (request) => {
    const { id } = parse(rankDetailRequest, request.query)
    return answer(request, await traderDetail(db, clock(), id))
  })

  app.get('/api/follow/my_settings', signedIn, async (request) =>
    ok<RankSettings>(request, await rankSettings(db, sessionOf(request).userId)),
  )

  app.post(
    '/api/follow/my_settings',
    { ...signedIn, config: perUserRateLimited('rank-settings', SETTINGS_LIMIT) },
    async (request) => {
      const input = parse(rankSettingsRequest, request.body)
      const outcome = await saveRankSettings(db, sessionOf(request).userId, input)
      // Whoever appears or disappears does so at once, not after the cached list runs out.
      if (outcome.ok) ranking.forget()
      return answer(request, outcome, 'saved')
    },
  )
}
