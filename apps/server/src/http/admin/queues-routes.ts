import type { FastifyInstance, FastifyRequest } from 'fastify'
import {
  queueItemIdParams,
  adminDepositListRequest,
  adminIdentityListRequest,
  adminIdentityRejectRequest,
  identityCheckIdParams,
  adminRemarkRequest,
  adminWithdrawalApproveRequest,
  adminWithdrawalListRequest,
  type AdminApprovalAnswer,
  type AdminDashboard,
  type AdminDepositItem,
  type AdminWithdrawalItem,
  type IdentityQueueItem,
  type RecordPage,
} from '@tp/contracts'
import { tokenFromHeader } from '../../users/sessions.ts'
import { dashboardCounts } from '../../staff/queues/dashboard.ts'
import { StaffStreams } from '../../staff/queues/event-stream.ts'
import { findStaffSession, Stage } from '../../staff/staff-sessions.ts'
import { decideDeposit, decideIdentity, decideWithdrawalAs } from '../../staff/queues/decisions.ts'
import { depositList } from '../../staff/queues/deposit-queue.ts'
import { identityList } from '../../staff/queues/identity-queue.ts'
import { withdrawalQueue } from '../../staff/queues/withdrawal-queue.ts'
import type { Outcome } from '../../outcome/outcome.ts'
import type { ApprovalResult } from '../../money/four-eyes.ts'
import { ok, refused, sendRefusal } from '../envelope.ts'
import { parse } from '../parse.ts'
import type { RouteDeps } from '../route-deps.ts'
import { actorOf, requireStaff, staffOf } from './staff-guard.ts'

/**
 * The back office's review queues (issue 11): the dashboard's counts, and the identity, deposit and
 * withdrawal queues with their decisions. Each decision is audited in its own transaction.
 */
export function adminQueuesRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const { db, clock, desk, uploads } = deps
  const guard = (permission: Parameters<typeof requireStaff>[2]) => ({
    preHandler: requireStaff(db, clock, permission),
  })
  const identity = guard('identity.review')
  const depositsGuard = guard('deposits.review')
  const withdrawalsGuard = guard('withdrawals.review')
  /**
   * A decision's answer: `data: null` when done, `{ waiting_for_second_approval: true }` when it was
   * the first of two approvals (decision 025), the refusal (e.g. `already_processed`) otherwise.
   */
  const decided = (request: FastifyRequest, result: ApprovalResult | Outcome<void>) => {
    if (!result.ok) return refused(request, result)
    const waiting = 'waiting' in result && result.waiting
    return ok<AdminApprovalAnswer>(request, waiting ? { waiting_for_second_approval: true } : null)
  }

  app.get('/admin/api/dashboard', guard('dashboard.read'), async (request) =>
    ok<AdminDashboard>(request, await dashboardCounts(db)),
  )

  app.get('/admin/api/identity', identity, async (request) => {
    const query = parse(adminIdentityListRequest, request.query)
    return ok<RecordPage<IdentityQueueItem>>(request, await identityList(db, uploads, clock(), query))
  })

  app.post('/admin/api/identity/:id/approve', identity, async (request) => {
    const { id } = parse(identityCheckIdParams, request.params)
    return decided(request, await decideIdentity(db, actorOf(request), id, 'approve', '', clock()))
  })

  app.post('/admin/api/identity/:id/reject', identity, async (request) => {
    const { id } = parse(identityCheckIdParams, request.params)
    const { reason } = parse(adminIdentityRejectRequest, request.body)
    return decided(request, await decideIdentity(db, actorOf(request), id, 'reject', reason, clock()))
  })

  app.get('/admin/api/deposits', depositsGuard, async (request) => {
    const query = parse(adminDepositListRequest, request.query)
    return ok<RecordPage<AdminDepositItem>>(
      request,
      await depositList(db, uploads, clock(), query, staffOf(request).staffId),
    )
  })

  app.post('/admin/api/deposits/:id/approve', depositsGuard, async (request) => {
    const { id } = parse(queueItemIdParams, request.params)
    return decided(request, await decideDeposit(db, desk, actorOf(request), id, 'approve'))
  })

  for (const decision of ['reject', 'invalid'] as const) {
    app.post(`/admin/api/deposits/:id/${decision}`, depositsGuard, async (request) => {
      const { id } = parse(queueItemIdParams, request.params)
      const { remark } = parse(adminRemarkRequest, request.body)
      return decided(request, await decideDeposit(db, desk, actorOf(request), id, decision, remark))
    })
  }

  app.get('/admin/api/withdrawals', withdrawalsGuard, async (request) => {
    const query = parse(adminWithdrawalListRequest, request.query)
    return ok<RecordPage<AdminWithdrawalItem>>(
      request,
      await withdrawalQueue(db, query, staffOf(request).staffId),
    )
  })

  app.post('/admin/api/withdrawals/:id/approve', withdrawalsGuard, async (request) => {
    const { id } = parse(queueItemIdParams, request.params)
    const { real_number } = parse(adminWithdrawalApproveRequest, request.body)
    return decided(request, await decideWithdrawalAs(db, desk, actorOf(request), id, 'approve', real_number))
  })

  app.post('/admin/api/withdrawals/:id/reject', withdrawalsGuard, async (request) => {
    const { id } = parse(queueItemIdParams, request.params)
    const { remark } = parse(adminRemarkRequest, request.body)
    return decided(request, await decideWithdrawalAs(db, desk, actorOf(request), id, 'reject', remark))
  })

  /**
   * Live updates (Server-Sent Events; the client reads them with fetch, as EventSource cannot send
   * the authorization header): a new item in a queue, by name only. Every role sees the dashboard's
   * counts, so every role may listen. The stream ends when the staff session does.
   */
  const streams = new StaffStreams()
  app.addHook('preClose', async () => streams.closeAll())
  app.get('/admin/api/events', guard('dashboard.read'), async (request, reply) => {
    const { staffId, sessionId } = staffOf(request)
    if (!streams.admits(staffId)) return sendRefusal(reply, 429, 'rate_limited')
    const token = tokenFromHeader(request.headers.authorization) ?? ''
    streams.serve(reply, {
      staffId,
      async stillSignedIn() {
        const session = await findStaffSession(db, token, clock())
        return session?.sessionId === sessionId && session.stage === Stage.SIGNED_IN
      },
      onError: (error) => request.log.warn({ err: error }, 'checking a staff stream failed'),
    })
  })
}
