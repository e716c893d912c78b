import { expect } from 'vitest'
import { createStaff } from '../src/staff/staff-accounts.ts'
import type { StaffRole } from '../src/staff/roles.ts'
import { totpCode } from '../src/security/totp.ts'
import type { TestApp } from './harness.ts'

export const STAFF_PASSWORD = 'correct horse battery'
let counter = 0

/** A staff member of `role` through the whole first sign-in (TOTP set up): a working token. */
export async function signedInStaff(app: TestApp, role: StaffRole) {
  const email = `${role}${Date.now()}${counter++}@broker.example`
  const created = await createStaff(app.db, {
    email,
    name: `${role} ${counter}`,
    role,
    password: STAFF_PASSWORD,
  })
  expect(created.ok).toBe(true)
  const login = await app.post('/admin/api/auth/login', { email, password: STAFF_PASSWORD })
  const { token: pending, secret } = login.body.data as { token: string; secret: string }
  const done = await app.post(
    '/admin/api/auth/totp',
    { code: totpCode(secret, app.clock.now().getTime()) },
    { token: pending },
  )
  expect(done.body.code).toBe(1)
  return { email, token: done.body.data.token as string, id: done.body.data.staff.id as number, secret }
}

/** One approving admin per test app, made on first need (issue 22: a second admin approves). */
const approvers = new WeakMap<TestApp, Promise<Awaited<ReturnType<typeof signedInStaff>>>>()

/** Another admin than the requester: approves what waits for a second admin. */
export function approvingAdmin(app: TestApp) {
  let approver = approvers.get(app)
  if (!approver) {
    approver = signedInStaff(app, 'admin')
    approvers.set(app, approver)
  }
  return approver
}

/**
 * Approves, as another admin, the waiting request of an answer (issue 22: a guarded change answers
 * `{ waiting }`); an answer that did not wait is given back as it is. The approval's answer, else.
 */
export async function approvedByAnother(
  app: TestApp,
  asked: { status: number; body: any },
): Promise<{ status: number; body: any }> {
  const id = asked.body?.data?.waiting?.id as number | undefined
  if (id === undefined) return asked
  const approver = await approvingAdmin(app)
  return app.post(`/admin/api/approvals/${id}/approve`, {}, { token: approver.token, json: true })
}

/** A guarded setting asked by `requester` and approved by another admin (the four-eyes way round). */
export async function approveAsAnotherAdmin(
  app: TestApp,
  requester: { token: string },
  key: string,
  value: string,
  extra: Record<string, unknown> = {},
) {
  const asked = await app.post('/admin/api/settings', { key, value, ...extra }, { token: requester.token })
  return approvedByAnother(app, asked)
}
