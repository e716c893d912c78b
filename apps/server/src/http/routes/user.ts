import type { FastifyInstance } from 'fastify'
import {
  amendPasswordRequest,
  demoRequest,
  forgetPasswordRequest,
  loginRequest,
  registerRequest,
} from '@tp/contracts'
import { demoLogin, login, register } from '../../users/auth.ts'
import { createSignInGuard } from '../../users/sign-in-limits.ts'
import { amendPassword, forgetPassword } from '../../users/passwords.ts'
import { revokeSession } from '../../users/sessions.ts'
import { rememberLanguage, userInfo } from '../../users/users.ts'
import { requireSession, sessionOf } from '../auth-guard.ts'
import { answer, langOf, ok, sendRefusal } from '../envelope.ts'
import { parse } from '../parse.ts'
import { rateLimited, type RouteDeps } from '../route-deps.ts'

export function userRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const signedIn = { preHandler: requireSession(deps.db, deps.clock) }

  // One per app: the in-memory half of the sign-in limits (per address, and unknown account names).
  const signInGuard = createSignInGuard()
  app.post('/api/user/loginForU', { config: rateLimited(deps.rateLimits.login) }, async (request) => {
    const input = parse(loginRequest, request.body)
    return answer(request, await login(deps, input, { address: request.ip, guard: signInGuard }))
  })

  app.post('/api/user/register', { config: rateLimited(deps.rateLimits.register) }, async (request) =>
    answer(
      request,
      await register(deps, parse(registerRequest, request.body), {
        language: langOf(request),
        address: request.ip,
      }),
      'registered',
    ),
  )

  app.get(
    '/api/user/createAccountDemoForU',
    { config: rateLimited(deps.rateLimits.register) },
    async (request) => answer(request, await demoLogin(deps, parse(demoRequest, request.query).demo_id)),
  )

  app.get('/api/user/info', signedIn, async (request, reply) => {
    const { userId } = sessionOf(request)
    const user = await userInfo(deps.db, userId)
    if (user) await rememberLanguage(deps.db, userId, langOf(request))
    return user ? ok(request, user) : sendRefusal(reply, 200, 'sign_in_again')
  })

  app.post('/api/user/forget_password', { config: rateLimited(deps.rateLimits.login) }, async (request) =>
    answer(
      request,
      await forgetPassword(deps, parse(forgetPasswordRequest, request.body)),
      'password_changed',
    ),
  )

  app.post('/api/user/amend_password', signedIn, async (request) =>
    answer(
      request,
      await amendPassword(deps, sessionOf(request), parse(amendPasswordRequest, request.body)),
      'password_changed',
    ),
  )

  app.post('/api/user/logout', signedIn, async (request) => {
    await revokeSession(deps.db, sessionOf(request).sessionId, deps.clock())
    deps.sessionRevocations.publish(sessionOf(request))
    return ok(request, null, 'logged_out')
  })
}
