import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Db } from '../../db/client.ts'
import type { Clock } from '../../outcome/outcome.ts'
import { tokenFromHeader } from '../../users/sessions.ts'
import type { Actor } from '../../audit/audit.ts'
import { can, type Permission } from '../../staff/roles.ts'
import { findStaffSession, Stage, type StaffSession } from '../../staff/staff-sessions.ts'
import { sendRefusal } from '../envelope.ts'

declare module 'fastify' {
  interface FastifyRequest {
    staff: StaffSession | undefined
  }
}

/** The staff session of a request that passed a staff guard. */
export function staffOf(request: FastifyRequest): StaffSession {
  if (!request.staff) throw new Error('admin route reads the staff session without a guard')
  return request.staff
}

/** The actor of the audit log for a guarded request: who, and from which address. */
export function actorOf(request: FastifyRequest): Actor {
  const session = staffOf(request)
  return { staffId: session.staffId, email: session.email, address: request.ip }
}

/**
 * A preHandler for `/admin/api`: a staff token (never a user's: they live in another table) at the
 * given stage, else 999; and, for a signed-in one, a role that may do `permission`, else
 * `staff_forbidden` (HTTP 403).
 */
export function requireStaff(
  db: Db,
  clock: Clock,
  permission: Permission | null,
  stage: 1 | 2 = Stage.SIGNED_IN,
) {
  const guard = async (request: FastifyRequest, reply: FastifyReply) => {
    const token = tokenFromHeader(request.headers.authorization)
    const session = token ? await findStaffSession(db, token, clock()) : undefined
    if (!session || session.stage !== stage) return sendRefusal(reply, 200, 'sign_in_again')
    if (permission !== null && !can(session.role, permission))
      return sendRefusal(reply, 403, 'staff_forbidden')
    request.staff = session
  }
  // What the guard demands, readable from the route table: a test walks every admin route with it.
  return Object.assign(guard, { staffGuard: { permission, stage } as StaffGuardTag })
}

/** What a staff guard demands: a permission (or only a session) at a sign-in stage. */
export interface StaffGuardTag {
  permission: Permission | null
  stage: 1 | 2
}
