import type { FastifyInstance } from 'fastify'
import {
  amendPasswordRequest,
  demoRequest,
  forgetPasswordRequest,
  loginRequest,
  passkeyLoginOptionsRequest,
  passkeyLoginRequest,
  registerRequest,
  secondFactorLoginRequest,
} from '@tp/contracts'
import { demoLogin, login, loginSecondStep, loginWithPasskey, register } from '../../users/auth.ts'
import { passkeyAuthenticationOptions } from '../../users/second-factor/passkeys.ts'
import { ticketUser } from '../../users/second-factor/sign-in-tickets.ts'
import { refuse } from '../../outcome/outcome.ts'
import { relyingPartyOf } from './security.ts'
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
  const signInGuard = createSignInGuard(deps.redis, deps.redisNamespace)
  app.post('/api/user/loginForU', { config: rateLimited(deps.rateLimits.login) }, async (request) => {
    const input = parse(loginRequest, request.body)
    return answer(request, await login(deps, input, { address: request.ip, guard: signInGuard }))
  })

  // The second step of a sign-in with a second factor, and a passkey's sign-in (decision 047).
  const signInLimit = { config: rateLimited(deps.rateLimits.login) }
  app.post('/api/user/login/second_factor', signInLimit, async (request) => {
    const input = parse(secondFactorLoginRequest, request.body)
    return answer(request, await loginSecondStep(deps, input, await relyingPartyOf(deps, request)))
  })

  app.post('/api/user/login/passkey_options', signInLimit, async (request) => {
    const { ticket } = parse(passkeyLoginOptionsRequest, request.body ?? {})
    const rp = await relyingPartyOf(deps, request)
    if (!rp) return answer(request, refuse('passkey_invalid'))
    const now = deps.clock()
    // With a ticket: the passkeys of the account whose password was right; without: any of this site's.
    const userId = ticket === undefined ? null : await ticketUser(deps.db, ticket, now)
    if (userId === undefined) return answer(request, refuse('sign_in_again'))
    return answer(request, await passkeyAuthenticationOptions(deps.db, rp, 'sign_in', userId, now))
  })

  app.post('/api/user/login/passkey', signInLimit, async (request) => {
    const { passkey } = parse(passkeyLoginRequest, request.body)
    return answer(request, await loginWithPasskey(deps, passkey, await relyingPartyOf(deps, request)))
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
    async (request) =>
      answer(
        request,
        await demoLogin(
          { ...deps, openDemoAccount: deps.errands.openDemoAccount },
          parse(demoRequest, request.query).demo_id,
        ),
      ),
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
