import type { FastifyInstance } from 'fastify'
import {
  followChangeRequest,
  followRequest,
  followSkipsRequest,
  followStopRequest,
  leaderSettingsRequest,
  type FollowList,
  type LeaderSettings,
} from '@tp/contracts'
import { copySettings } from '../../copying/copy-settings.ts'
import { followList, skipPage } from '../../copying/follow-views.ts'
import { followableLeader, leaderSettings, saveLeaderSettings } from '../../copying/leaders.ts'
import { consentGateOf } from '../../legal/consents.ts'
import type { DeskResult } from '../../trading/desk.ts'
import { refusalOf } from '../../trading/refusal.ts'
import { refuse } from '../../outcome/outcome.ts'
import { requireSession, sessionOf } from '../auth-guard.ts'
import { answer, langOf, ok, refused } from '../envelope.ts'
import { parse } from '../parse.ts'
import { perUserRateLimited, type RouteDeps } from '../route-deps.ts'

/**
 * Copy trading (issue 29, docs/decisions/053-copy-trading.md): a leader opens its trades to
 * followers; a follower follows, pauses, changes and stops. Every change runs on the desk (the
 * single writer), so a follow and the trades it copies commit in order. Every call is the caller's
 * own: a follow id of someone else's is not found.
 */
export function copyRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const { db, desk, market } = deps
  const signedIn = { preHandler: requireSession(db, deps.clock) }
  const command = { ...signedIn, config: perUserRateLimited('trading', deps.rateLimits.trading) }
  const consentGate = consentGateOf(db, deps.publicUrl ?? '')
  const now = () => deps.clock().getTime()
  const result = (
    request: Parameters<typeof ok>[0],
    outcome: DeskResult,
    msgKey: string,
    data: unknown = null,
  ) => (outcome.ok ? ok(request, data, msgKey) : refused(request, refusalOf(outcome, market)))

  app.get('/api/follow/leader', signedIn, async (request) =>
    ok<LeaderSettings>(request, await leaderSettings(db, sessionOf(request).userId)),
  )

  app.post('/api/follow/leader', command, async (request) => {
    const input = parse(leaderSettingsRequest, request.body)
    return answer(request, await saveLeaderSettings(db, sessionOf(request).userId, input), 'saved')
  })

  app.post('/api/follow/start', command, async (request) => {
    const input = parse(followRequest, request.body)
    const { userId } = sessionOf(request)
    // Copies are trades: a real client follows only on the current documents, the test taken.
    const consent = await consentGate.trade(userId, langOf(request), now())
    if (!consent.ok) return refused(request, consent)
    const leader = await followableLeader(db, userId, input.id)
    if (!leader.ok) return refused(request, leader)
    // A share above the house's most (staff lowered it since the leader chose) is taken at the most.
    const max = (await copySettings(db)).maxProfitSharePercent
    const share = Math.min(leader.value.profitSharePercent, max)
    if (input.profit_share !== undefined && input.profit_share !== share)
      return refused(request, refuse('profit_share_changed', { share }, { profit_share: share }))
    const outcome = await desk.run(userId, {
      kind: 'follow',
      follow: {
        leaderId: leader.value.userId,
        allocation: input.amount,
        copyStopLossPercent: input.stop_loss,
        profitSharePercent: share,
        copyOpen: input.copy_open === 1,
      },
    })
    return result(request, outcome, 'follow_started', outcome.ok ? { follow_id: outcome.followId } : null)
  })

  app.post('/api/follow/change', command, async (request) => {
    const input = parse(followChangeRequest, request.body)
    const { userId } = sessionOf(request)
    if (input.amount !== undefined) {
      const consent = await consentGate.trade(userId, langOf(request), now())
      if (!consent.ok) return refused(request, consent)
    }
    const outcome = await desk.run(userId, {
      kind: 'change_follow',
      followId: input.follow_id,
      change: {
        ...(input.paused !== undefined && { paused: input.paused === 1 }),
        ...(input.amount !== undefined && { allocation: input.amount }),
        ...(input.stop_loss !== undefined && { copyStopLossPercent: input.stop_loss }),
      },
    })
    return result(request, outcome, 'saved')
  })

  app.post('/api/follow/stop', command, async (request) => {
    const input = parse(followStopRequest, request.body)
    const { userId } = sessionOf(request)
    const outcome = await desk.run(userId, {
      kind: 'unfollow',
      followId: input.follow_id,
      closeCopies: input.close === 1,
    })
    return result(request, outcome, 'follow_stopped')
  })

  app.get('/api/follow/mine', signedIn, async (request) => {
    const { userId } = sessionOf(request)
    return ok<FollowList>(request, await followList(db, await deps.reads.ofUser(userId), userId))
  })

  app.get('/api/follow/skips', signedIn, async (request) => {
    const { follow_id, page, limit } = parse(followSkipsRequest, request.query)
    const { userId } = sessionOf(request)
    return ok(request, await skipPage(db, userId, follow_id, page, limit, langOf(request)))
  })
}
