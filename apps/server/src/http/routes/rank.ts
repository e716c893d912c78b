import type { FastifyInstance } from 'fastify'
import {
  rankDetailRequest,
  rankListRequest,
  rankSettingsRequest,
  type RankListAnswer,
  type RankSettings,
} from '@tp/contracts'
import type { z } from 'zod'
import { translate } from '../../i18n/translate.ts'
import { RankingCache, traderDetail } from '../../rank/ranking.ts'
import { rankSettings, saveRankSettings } from '../../rank/rank-settings.ts'
import type { Outcome } from '../../services/outcome.ts'
import { requireSession, sessionOf } from '../auth-guard.ts'
import { answer, ok } from '../envelope.ts'
import { InvalidRequest, parse } from '../parse.ts'
import { perUserRateLimited, type RateLimit, type RouteDeps } from '../route-deps.ts'

/**
 * Saving ranking choices per user: a person toggles it a few times at most; more is a script trying
 * nicknames.
 */
const SETTINGS_LIMIT: RateLimit = { max: 30, timeWindowMs: 60_000 }

/**
 * Labels to name a bad field by while the server's catalogue has none of its own for it
 * (`field.nickname`, `field.rank_visible`): the nearest existing ones. Once the catalogue has a
 * label, it is used instead.
 */
const FALLBACK_FIELD: Record<string, string> = { nickname: 'name', rank_visible: 'status' }
const hasLabel = (field: string) => translate('en', `field.${field}`) !== `field.${field}`
const readableField = (field: string) => (hasLabel(field) ? field : (FALLBACK_FIELD[field] ?? 'body'))

/** `parse`, with a bad field named by a label the user can read. */
function parseLabelled<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  try {
    return parse(schema, input)
  } catch (error) {
    if (!(error instanceof InvalidRequest)) throw error
    throw new InvalidRequest(error.reason, readableField(error.field))
  }
}

/** A refusal that names a field, with the field named by a readable label. */
function labelled<T>(outcome: Outcome<T>): Outcome<T> {
  if (outcome.ok || typeof outcome.params?.field !== 'string') return outcome
  return { ...outcome, params: { ...outcome.params, field: readableField(outcome.params.field) } }
}

/**
 * The ranking (issue 10): the public list and profiles of traders who chose to be shown, and each
 * user's own choice. Copy trading (following) comes later; no call here follows anyone.
 */
export function rankRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const { db, clock } = deps
  const signedIn = { preHandler: requireSession(db, clock) }
  const ranking = new RankingCache(db, clock)

  app.get('/api/follow/list', async (request) => {
    const { page, limit } = parseLabelled(rankListRequest, request.query)
    return ok<RankListAnswer>(request, await ranking.page(page, limit))
  })

  app.get('/api/follow/detail', async (request) => {
    const { id } = parseLabelled(rankDetailRequest, request.query)
    return answer(request, await traderDetail(db, clock(), id))
  })

  app.get('/api/follow/my_settings', signedIn, async (request) =>
    ok<RankSettings>(request, await rankSettings(db, sessionOf(request).userId)),
  )

  app.post(
    '/api/follow/my_settings',
    { ...signedIn, config: perUserRateLimited('rank-settings', SETTINGS_LIMIT) },
    async (request) => {
      const input = parseLabelled(rankSettingsRequest, request.body)
      const outcome = labelled(await saveRankSettings(db, sessionOf(request).userId, input))
      // Whoever appears or disappears does so at once, not after the cached list runs out.
      if (outcome.ok) ranking.forget()
      return answer(request, outcome, 'saved')
    },
  )
}
