import { expect } from 'vitest'
import { createStaff } from '../src/staff/staff-accounts.ts'
import type { StaffRole } from '../src/staff/roles.ts'
import { totpCode } from '../src/staff/totp.ts'
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
