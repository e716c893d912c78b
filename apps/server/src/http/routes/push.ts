import type { FastifyInstance } from 'fastify'
import { pushSubscribeRequest, pushUnsubscribeRequest } from '@tp/contracts'
import { subscribePush, unsubscribePush } from '../../notices/push-subscriptions.ts'
import { requireSession, sessionOf } from '../auth-guard.ts'
import { answer, ok } from '../envelope.ts'
import { parse } from '../parse.ts'
import { perUserRateLimited, type RouteDeps } from '../route-deps.ts'

/**
 * Web push for the phone (issue 26, decision 044): the key a device subscribes with, and this
 * device's subscription to the signed-in user's notices (given, or taken back at sign-out).
 */
export function pushRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const { db, clock, webPush } = deps
  const limited = {
    preHandler: requireSession(db, clock),
    config: perUserRateLimited('notices', deps.rateLimits.notices),
  }

  app.get('/api/push/key', async (request) => ok<{ key: string }>(request, { key: webPush.publicKey }))

  app.post('/api/push/subscribe', limited, async (request) => {
    const { endpoint, keys } = parse(pushSubscribeRequest, request.body ?? {})
    const target = { endpoint, p256dh: keys.p256dh, auth: keys.auth }
    return answer(
      request,
      await subscribePush(db, sessionOf(request).userId, target, webPush.endpoints, clock()),
    )
  })

  app.post('/api/push/unsubscribe', limited, async (request) => {
    const { endpoint } = parse(pushUnsubscribeRequest, request.body ?? {})
    await unsubscribePush(db, sessionOf(request).userId, endpoint)
    return ok(request, null)
  })
}
