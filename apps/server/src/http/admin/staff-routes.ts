import type { FastifyInstance, FastifyReply } from 'fastify'
import { idPathParams, staffCreateRequest, staffRoleRequest } from '@tp/contracts'
import {
  createStaffMember,
  disableStaff,
  enableStaff,
  resetSecondFactor,
  setStaffRole,
  staffList,
} from '../../staff/staff-admin.ts'
import type { Outcome } from '../../outcome/outcome.ts'
import { answer, ok } from '../envelope.ts'
import { waitingOr } from './approval-answer.ts'
import { parse } from '../parse.ts'
import type { RouteDeps } from '../route-deps.ts'
import { actorOf, requireStaff } from './staff-guard.ts'

/** Staff management (admins only): add staff, change roles, disable, and reset a lost second factor. */
export function adminStaffRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const { db, clock } = deps
  // A new member's one-time password goes to their own address, never into an answer (issue 22).
  const mail = { messenger: deps.messenger, publicUrl: deps.publicUrl }
  const guard = { preHandler: requireStaff(db, clock, 'staff.manage') }
  const idOf = (params: unknown) => parse(idPathParams, params).id
  /** A refusal of an action on oneself, or on the last admin, is a 403 like any forbidden one. */
  const send = <T>(reply: FastifyReply, outcome: Outcome<T>) => {
    if (!outcome.ok && outcome.reason === 'staff_forbidden') reply.status(403)
    return outcome
  }

  app.get('/admin/api/staff', guard, async (request) => ok(request, await staffList(db)))

  app.post('/admin/api/staff', guard, async (request) => {
    const input = parse(staffCreateRequest, request.body)
    // The account and its audit row are written together, or neither is; an admin or finance
    // member waits for a second admin (issue 22).
    const created = await createStaffMember(db, mail, actorOf(request), input, clock())
    return answer(request, created, waitingOr(created))
  })

  app.post('/admin/api/staff/:id/role', guard, async (request, reply) => {
    const { role } = parse(staffRoleRequest, request.body)
    const outcome = await setStaffRole(db, actorOf(request), idOf(request.params), role, clock())
    return answer(request, send(reply, outcome), waitingOr(outcome))
  })
  app.post('/admin/api/staff/:id/disable', guard, async (request, reply) =>
    answer(request, send(reply, await disableStaff(db, actorOf(request), idOf(request.params), clock()))),
  )
  app.post('/admin/api/staff/:id/enable', guard, async (request, reply) =>
    answer(request, send(reply, await enableStaff(db, actorOf(request), idOf(request.params), clock()))),
  )
  app.post('/admin/api/staff/:id/reset_second_factor', guard, async (request, reply) => {
    const outcome = await resetSecondFactor(db, actorOf(request), idOf(request.params), clock())
    return answer(request, send(reply, outcome), waitingOr(outcome, 'ok'))
  })
}
