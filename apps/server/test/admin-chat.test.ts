import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog } from '../src/db/schema.ts'
import { registerAndLogin } from './accounts.ts'
import { DRIVERS, startTestApp, type TestApp } from './harness.ts'
import { signedInStaff } from './staff.ts'

describe.each(DRIVERS)('back-office support chat on %s', (driver) => {
  let app: TestApp
  let support: Awaited<ReturnType<typeof signedInStaff>>

  beforeAll(async () => {
    app = await startTestApp(driver, { historyCandles: 5 })
    support = await signedInStaff(app, 'support')
  })
  afterAll(async () => {
    await app?.close()
  })

  it('lists conversations with unread counts, answers, marks read and closes, audited', async () => {
    const user = await registerAndLogin(app)
    const userId = user.user.id as number
    expect(
      (await app.post('/api/chat/send', { text: 'Where is my deposit?' }, { token: user.token })).body.code,
    ).toBe(1)

    const list = (await app.get('/admin/api/chat?status=1', { token: support.token })).body.data
    const mine = list.data.find((c: { user_id: number }) => c.user_id === userId)
    expect(mine).toMatchObject({
      uid: user.user.uid,
      unread: 1,
      last_message: { text: 'Where is my deposit?' },
    })

    const messages = (await app.get(`/admin/api/chat/${userId}/messages`, { token: support.token })).body.data
    expect(messages.data.map((m: { text: string }) => m.text)).toEqual(['Where is my deposit?'])

    const reply = await app.post(
      `/admin/api/chat/${userId}/reply`,
      { text: 'It was credited.' },
      { token: support.token },
    )
    expect(reply.body).toMatchObject({ code: 1, data: { sender: 2, text: 'It was credited.' } })
    const seen = (await app.get('/api/chat/messages', { token: user.token })).body.data.data
    expect(seen.at(-1)).toMatchObject({ sender: 2, text: 'It was credited.', staff_name: expect.any(String) })

    expect((await app.post(`/admin/api/chat/${userId}/read`, {}, { token: support.token })).body.code).toBe(1)
    const after = (await app.get('/admin/api/chat', { token: support.token })).body.data
    expect(after.data.find((c: { user_id: number }) => c.user_id === userId).unread).toBe(0)

    expect((await app.post(`/admin/api/chat/${userId}/close`, {}, { token: support.token })).body.code).toBe(
      1,
    )
    const rows = await app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `user:${userId}`))
    expect(rows.map((r) => r.action)).toEqual(['chat.reply', 'chat.close'])
    expect(rows[0]).toMatchObject({ staffEmail: support.email, after: { length: 16, image: false } })
  })

  it('is for support and admins; bad ids are clean refusals', async () => {
    const finance = await signedInStaff(app, 'finance')
    expect((await app.get('/admin/api/chat', { token: finance.token })).status).toBe(403)
    const user = await registerAndLogin(app)
    expect((await app.get('/admin/api/chat', { token: user.token })).body.code).toBe(999)
    for (const id of ['abc', '0', '-1', '99999999999'])
      expect((await app.get(`/admin/api/chat/${id}/messages`, { token: support.token })).status, id).toBe(400)
    expect(
      (await app.post('/admin/api/chat/2000000/reply', { text: 'hi' }, { token: support.token })).body.code,
    ).toBe(0)
    expect((await app.get('/admin/api/chat?status=7', { token: support.token })).status).toBe(400)
  })
})
