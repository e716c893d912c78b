import type { FastifyInstance, FastifyReply } from 'fastify'
import { idPathParams, staffCreateRequest, staffRoleRequest, type StaffItem } from '@tp/contracts'
import { audit } from '../../staff/audit.ts'
import { createStaff } from '../../staff/staff-accounts.ts'
import {
  disableStaff,
  enableStaff,
  resetSecondFactor,
  setStaffRole,
  staffList,
} from '../../staff/staff-admin.ts'
import type { Outcome } from '../../services/outcome.ts'
import { answer, ok } from '../envelope.ts'
import { parse } from '../parse.ts'
import type { RouteDeps } from '../route-deps.ts'
import { actorOf, requireStaff } from './staff-guard.ts'

/** Staff management (admins only): add staff, change roles, disable, and reset a lost second factor. */
export function adminStaffRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const { db, clock } = deps
  const guard = { preHandler: requireStaff(db, clock, 'staff.manage') }
  const idOf = (params: unknown) => parse(idPathParams, params).id
  /** A refusal of an action on oneself, or on the last admin, is a 403 like any forbidden one. */
  const send = (reply: FastifyReply, outcome: Outcome<StaffItem>) => {
    if (!outcome.ok && outcome.reason === 'staff_forbidden') reply.status(403)
    return outcome
  }

  app.get('/admin/api/staff', guard, async (request) => ok(request, await staffList(db)))

  app.post('/admin/api/staff', guard, async (request) => {
    const input = parse(staffCreateRequest, request.body)
    // The account and its audit row are written together, or neither is.
    const created = await db.transaction(async (tx) => {
      const outcome = await createStaff(tx, input)
      if (outcome.ok)
        await audit(tx, actorOf(request), {
          action: 'staff.create',
          target: `staff:${outcome.value.id}`,
          after: { email: input.email, name: input.name, role: input.role },
        })
      return outcome
    })
    return answer(request, created, 'saved')
  })

  app.post('/admin/api/staff/:id/role', guard, async (request, reply) => {
    const { role } = parse(staffRoleRequest, request.body)
    const outcome = await setStaffRole(db, actorOf(request), idOf(request.params), role, clock())
    return answer(request, send(reply, outcome), 'saved')
  })
  app.post('/admin/api/staff/:id/disable', guard, async (request, reply) =>
    answer(request, send(reply, await disableStaff(db, actorOf(request), idOf(request.params), clock()))),
  )
  app.post('/admin/api/staff/:id/enable', guard, async (request, reply) =>
    answer(request, send(reply, await enableStaff(db, actorOf(request), idOf(request.params), clock()))),
  )
  app.post('/admin/api/staff/:id/reset_second_factor', guard, async (request, reply) =>
    answer(
      request,
      send(reply, await resetSecondFactor(db, actorOf(request), idOf(request.params), clock())),
    ),
  )
}
