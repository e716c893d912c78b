import type { FastifyInstance } from 'fastify'
import {
  recoveryCodeRequest,
  staffFirstPasswordRequest,
  staffLoginRequest,
  staffPasswordChangeRequest,
  totpCodeRequest,
  type StaffLoginAnswer,
  type StaffProfile,
  type StaffSessionAnswer,
} from '@tp/contracts'
import { audit } from '../../audit/audit.ts'
import {
  changeOwnStaffPassword,
  staffFirstPassword,
  staffLogin,
  staffRecovery,
  staffTotp,
} from '../../staff/staff-auth.ts'
import { tokenFromHeader } from '../../users/sessions.ts'
import { revokeStaffSession, Stage } from '../../staff/staff-sessions.ts'
import type { Outcome } from '../../outcome/outcome.ts'
import { answer, ok } from '../envelope.ts'
import { parse } from '../parse.ts'
import { rateLimited, type RouteDeps } from '../route-deps.ts'
import { actorOf, requireStaff, staffOf } from './staff-guard.ts'

/** Staff sign-in (`/admin/api/auth/*`): password, then a TOTP or recovery code. */
export function adminAuthRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const { db, clock } = deps
  const pending = requireStaff(db, clock, null, Stage.PENDING)
  const signedIn = requireStaff(db, clock, null)

  app.post('/admin/api/auth/login', { config: rateLimited(deps.rateLimits.adminLogin) }, async (request) => {
    const input = parse(staffLoginRequest, request.body)
    return answer<StaffLoginAnswer>(request, await staffLogin(db, input, request.ip, clock()))
  })

  /** A signed-in session's audit row, written once the second factor is through. */
  async function signedInWith(method: string, outcome: Outcome<StaffSessionAnswer>, address: string) {
    if (outcome.ok) {
      const who = outcome.value.staff
      await audit(
        db,
        { staffId: who.id, email: who.email, address },
        { action: 'staff.sign_in', after: { method } },
      )
    }
    return outcome
  }

  app.post(
    '/admin/api/auth/totp',
    { preHandler: pending, config: rateLimited(deps.rateLimits.adminSecondFactor) },
    async (request) => {
      const { code } = parse(totpCodeRequest, request.body)
      const outcome = await staffTotp(db, staffOf(request), code, request.ip, clock())
      return answer(request, await signedInWith('totp', outcome, request.ip))
    },
  )

  app.post(
    '/admin/api/auth/recovery',
    { preHandler: pending, config: rateLimited(deps.rateLimits.adminSecondFactor) },
    async (request) => {
      const { code } = parse(recoveryCodeRequest, request.body)
      const outcome = await staffRecovery(db, staffOf(request), code, request.ip, clock())
      return answer(request, await signedInWith('recovery_code', outcome, request.ip))
    },
  )

  // Issue 22: a temporary password's step: the staff member's own, then the second factor.
  app.post(
    '/admin/api/auth/password',
    { preHandler: pending, config: rateLimited(deps.rateLimits.adminSecondFactor) },
    async (request) => {
      const { password } = parse(staffFirstPasswordRequest, request.body)
      const token = tokenFromHeader(request.headers.authorization) ?? ''
      return answer(
        request,
        await staffFirstPassword(db, staffOf(request), token, password),
        'password_changed',
      )
    },
  )

  // Issue 22: one's own password, the current one asked again; one's other sessions end.
  app.post(
    '/admin/api/me/password',
    { preHandler: signedIn, config: rateLimited(deps.rateLimits.adminSecondFactor) },
    async (request) => {
      const input = parse(staffPasswordChangeRequest, request.body)
      const outcome = await changeOwnStaffPassword(db, staffOf(request), input, request.ip, clock())
      return answer(request, outcome, 'password_changed')
    },
  )

  app.post('/admin/api/auth/logout', { preHandler: signedIn }, async (request) => {
    await revokeStaffSession(db, staffOf(request).sessionId, clock())
    await audit(db, actorOf(request), { action: 'staff.sign_out' })
    return ok(request, null, 'logged_out')
  })

  app.get('/admin/api/me', { preHandler: signedIn }, async (request) => {
    const { staffId, email, name, role } = staffOf(request)
    return ok<StaffProfile>(request, { id: staffId, email, name, role })
  })
}
