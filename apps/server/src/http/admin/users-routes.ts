import type { FastifyInstance } from 'fastify'
import {
  adjustmentListRequest,
  adjustmentRequest,
  adminUserIdParams,
  adminPositionIdParams,
  adminUserSearchRequest,
  pageRequest,
  secondFactorResetRequest,
} from '@tp/contracts'
import { refuse } from '../../outcome/outcome.ts'
import {
  closePositionForUser,
  revokeUserSessions,
  setUserDisabled,
} from '../../staff/users/account-actions.ts'
import { resetSecondFactor } from '../../staff/users/second-factor-reset.ts'
import { decideAdjustment, listAdjustments, requestAdjustment } from '../../staff/users/adjustments.ts'
import { searchUsers, userDetail, userLedger } from '../../staff/users/user-queries.ts'
import type { Permission } from '../../staff/roles.ts'
import { answer, ok, refused } from '../envelope.ts'
import { parse } from '../parse.ts'
import type { RouteDeps } from '../route-deps.ts'
import { announced } from '../../events/staff-events.ts'
import { actorOf, requireStaff } from './staff-guard.ts'

/**
 * The back office's users calls (issue 11): search, profile, ledger, manual adjustments (four eyes
 * above a set amount), disabling an account, ending its sessions, closing a position for a user.
 */
export function adminUsersRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const { db, desk, market } = deps
  const guard = (permission: Permission) => ({ preHandler: requireStaff(db, deps.clock, permission) })
  const actions = { db, desk, sessionRevocations: deps.sessionRevocations, clock: deps.clock }

  app.get('/admin/api/users', guard('users.read'), async (request) => {
    const { q, page, limit } = parse(adminUserSearchRequest, request.query)
    return ok(request, await searchUsers(db, q, (page - 1) * limit, limit))
  })

  app.get('/admin/api/users/:id', guard('users.read'), async (request) => {
    const { id } = parse(adminUserIdParams, request.params)
    const detail = await userDetail(db, deps.reads, market, id, deps.clock())
    return detail ? ok(request, detail) : refused(request, refuse('account_not_found'))
  })

  app.get('/admin/api/users/:id/ledger', guard('users.read'), async (request) => {
    const { id } = parse(adminUserIdParams, request.params)
    const { page, limit } = parse(pageRequest, request.query)
    const rows = await userLedger(db, id, (page - 1) * limit, limit)
    return rows ? ok(request, rows) : refused(request, refuse('account_not_found'))
  })

  app.post('/admin/api/users/:id/adjust', guard('adjustments.request'), async (request) => {
    const { id } = parse(adminUserIdParams, request.params)
    const input = parse(adjustmentRequest, request.body)
    return answer(
      request,
      await requestAdjustment(db, desk, actorOf(request), id, input, deps.clock()).then(
        announced('adjustments'),
      ),
      'saved',
    )
  })

  app.get('/admin/api/adjustments', guard('adjustments.request'), async (request) => {
    const { status, page, limit } = parse(adjustmentListRequest, request.query)
    return ok(request, await listAdjustments(db, status, (page - 1) * limit, limit))
  })

  for (const [verb, approve] of [
    ['approve', true],
    ['reject', false],
  ] as const) {
    app.post(`/admin/api/adjustments/:id/${verb}`, guard('adjustments.approve'), async (request) => {
      const { id } = parse(adminUserIdParams, request.params)
      const decided = await decideAdjustment(db, desk, actorOf(request), id, approve)
      return answer(request, announced('adjustments')(decided), 'saved')
    })
  }

  for (const [verb, disable] of [
    ['disable', true],
    ['enable', false],
  ] as const) {
    app.post(`/admin/api/users/:id/${verb}`, guard('users.manage'), async (request) => {
      const { id } = parse(adminUserIdParams, request.params)
      return answer(request, await setUserDisabled(actions, actorOf(request), id, disable), 'saved')
    })
  }

  app.post('/admin/api/users/:id/revoke_sessions', guard('users.manage'), async (request) => {
    const { id } = parse(adminUserIdParams, request.params)
    return answer(request, await revokeUserSessions(actions, actorOf(request), id), 'saved')
  })

  // A client who lost their second factor, after staff checked who they are (decision 047).
  app.post('/admin/api/users/:id/second_factor_reset', guard('users.manage'), async (request) => {
    const { id } = parse(adminUserIdParams, request.params)
    const { identity_check } = parse(secondFactorResetRequest, request.body)
    return answer(request, await resetSecondFactor(actions, actorOf(request), id, identity_check), 'saved')
  })

  // The path names it `:orderId`; read as `id` so that a bad one is named like every other id.
  app.post('/admin/api/positions/:id/close', guard('positions.close'), async (request) => {
    const { id } = parse(adminPositionIdParams, request.params)
    return answer(request, await closePositionForUser(actions, actorOf(request), id), 'order_closed')
  })
}
