import type { FastifyInstance, FastifyRequest } from 'fastify'
import {
  passkeyAddRequest,
  passkeyDeleteRequest,
  stepUpRequest,
  totpEnableRequest,
  type RecoveryCodes,
  type SecurityStatus,
} from '@tp/contracts'
import { getSetting } from '../../settings/settings.ts'
import { userInfo } from '../../users/users.ts'
import { relyingParty, type RelyingParty } from '../../users/second-factor/relying-party.ts'
import {
  addOwnPasskey,
  beginTotp,
  disableTotp,
  enableTotp,
  newPasskeyOptions,
  removeOwnPasskey,
  renewRecoveryCodes,
  securityStatus,
} from '../../users/second-factor/settings.ts'
import { stepUp } from '../../users/second-factor/step-up.ts'
import { passkeyAuthenticationOptions } from '../../users/second-factor/passkeys.ts'
import { requireRealAccount, sessionOf } from '../auth-guard.ts'
import { answer, ok, refused } from '../envelope.ts'
import { refuse } from '../../outcome/outcome.ts'
import { parse } from '../parse.ts'
import { perUserRateLimited, type RouteDeps } from '../route-deps.ts'

/** The platform's name, as authenticator apps and passkey prompts show it. */
export async function siteName(deps: RouteDeps): Promise<string> {
  return (await getSetting(deps.db, 'site_title')).trim()
}

/** Who passkeys of this request are for (decision 047): PUBLIC_URL's host, else the page's origin. */
export async function relyingPartyOf(
  deps: RouteDeps,
  request: FastifyRequest,
): Promise<RelyingParty | undefined> {
  const origin = typeof request.headers.origin === 'string' ? request.headers.origin : undefined
  return relyingParty(deps.publicUrl, origin, await siteName(deps))
}

/**
 * A client's own second factor (issue 26, decision 047): its state, the authenticator app, passkeys
 * and recovery codes, and the proof a session gives again before a withdrawal, a payout method's
 * change or a change here. Real accounts only.
 */
export function securityRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const { db, clock } = deps
  const realAccount = { preHandler: requireRealAccount(db, clock) }
  const limited = {
    ...realAccount,
    config: perUserRateLimited('second-factor', deps.rateLimits.secondFactor),
  }
  const codesAnswer = (request: FastifyRequest, outcome: Parameters<typeof answer<RecoveryCodes>>[1]) =>
    answer(request, outcome, 'saved')

  app.get('/api/security', realAccount, async (request) =>
    ok<SecurityStatus>(request, await securityStatus(db, sessionOf(request), clock())),
  )

  app.post('/api/security/verify', limited, async (request) => {
    const input = parse(stepUpRequest, request.body)
    const rp = await relyingPartyOf(deps, request)
    return answer(request, await stepUp(db, sessionOf(request), input, rp, clock()))
  })

  app.post('/api/security/passkey/step_up_options', limited, async (request) => {
    const rp = await relyingPartyOf(deps, request)
    if (!rp) return refused(request, refuse('passkey_invalid'))
    const { userId } = sessionOf(request)
    return answer(request, await passkeyAuthenticationOptions(db, rp, 'step_up', userId, clock()))
  })

  app.post('/api/security/totp/setup', limited, async (request) => {
    const session = sessionOf(request)
    const user = await userInfo(db, session.userId)
    const account = user?.email ?? user?.mobile ?? user?.uid ?? ''
    const issuer = (await siteName(deps)) || 'Trade'
    return answer(request, await beginTotp(db, session, { account, issuer }, clock()))
  })

  app.post('/api/security/totp/enable', limited, async (request) => {
    const { code } = parse(totpEnableRequest, request.body)
    return codesAnswer(request, await enableTotp(db, sessionOf(request), code, clock()))
  })

  app.post('/api/security/totp/disable', limited, async (request) =>
    codesAnswer(request, await disableTotp(db, sessionOf(request), clock())),
  )

  app.post('/api/security/passkey/options', limited, async (request) => {
    const session = sessionOf(request)
    const user = await userInfo(db, session.userId)
    const label = user?.email ?? user?.mobile ?? user?.uid ?? ''
    const rp = await relyingPartyOf(deps, request)
    return answer(request, await newPasskeyOptions(db, session, { uid: user?.uid ?? '', label }, rp, clock()))
  })

  app.post('/api/security/passkey/add', limited, async (request) => {
    const input = parse(passkeyAddRequest, request.body)
    const rp = await relyingPartyOf(deps, request)
    return codesAnswer(request, await addOwnPasskey(db, sessionOf(request), input, rp, clock()))
  })

  app.post('/api/security/passkey/delete', limited, async (request) => {
    const { id } = parse(passkeyDeleteRequest, request.body)
    return codesAnswer(request, await removeOwnPasskey(db, sessionOf(request), id, clock()))
  })

  app.post('/api/security/recovery_codes', limited, async (request) =>
    codesAnswer(request, await renewRecoveryCodes(db, sessionOf(request), clock())),
  )
}
