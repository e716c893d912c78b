import { readFileSync, readdirSync } from 'node:fs'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { outbox } from '../src/db/schema.ts'
import { CODE_MASK } from '../src/messaging/outbox.ts'
import { PASSWORD, freshEmail, lastCode, registerAndLogin } from './accounts.ts'
import { adminRouteTable, type AdminRoute } from './admin-route-table.ts'
import { DRIVERS, startTestApp, type TestApp } from './harness.ts'
import { signedInStaff } from './staff.ts'

/*
 * Issue 22, item 1: no staff role ever sees a live verification code. A support member who read a
 * password-reset code in the outbox could take the account. Codes reach only the customer (the
 * transport) or, on an install without one, the operator's log line; every stored copy, and so
 * every back-office answer, has the code masked.
 */

const NEW_PASSWORD = 'N3wPassword'

/** Every back-office GET answer, as `token` sees it, with `:id`-like parameters set to `userId`. */
async function everyAnswer(app: TestApp, routes: AdminRoute[], token: string, userId: number, q: string) {
  const answers: string[] = []
  for (const route of routes.filter((r) => r.method === 'GET')) {
    const path = route.url.replace(/:[A-Za-z]+/g, String(userId))
    if (route.url === '/admin/api/events') {
      answers.push(await firstEvents(app, path, token))
      continue
    }
    const answer = await app.get(`${path}?q=${encodeURIComponent(q)}`, { token })
    answers.push(JSON.stringify(answer.body))
  }
  return answers
}

/** What the live event stream sends in its first moments. */
async function firstEvents(app: TestApp, path: string, token: string): Promise<string> {
  const abort = new AbortController()
  const response = await fetch(`${app.base}${path}`, {
    headers: { authorization: token },
    signal: abort.signal,
  })
  const reader = response.body!.getReader()
  let text = ''
  const timer = setTimeout(() => abort.abort(), 300)
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      text += new TextDecoder().decode(value)
    }
  } catch {
    // Aborted: the stream stays open for as long as the session lives.
  } finally {
    clearTimeout(timer)
  }
  return text
}

describe.each(DRIVERS)('staff never see a live verification code on %s', (driver) => {
  let app: TestApp
  let routes: AdminRoute[]
  beforeAll(async () => {
    app = await startTestApp(driver, { historyCandles: 5 })
    routes = await adminRouteTable()
  }, 60_000)
  afterAll(() => app?.close())

  it('masks reset and registration codes in every back-office answer, while they still work from the log', async () => {
    const support = await signedInStaff(app, 'support')
    const admin = await signedInStaff(app, 'admin')
    const { email, token, user } = await registerAndLogin(app)
    const registrationCode = await lastCode(app, email)
    expect((await app.post('/api/notify/send_email', { to: email, type: 2 })).body.code).toBe(1)
    const resetCode = await lastCode(app, email)
    // A text message too (no SMS provider is wired: the log line is where its code goes).
    const areas = (await app.get('/api/default/area_list')).body.data as { id: number; code: string }[]
    const hk = areas.find((a) => a.code === 'HK')!
    expect(
      (await app.post('/api/notify/send_sms', { to: '91234567', area_id: hk.id, type: 1 })).body.code,
    ).toBe(1)
    const smsCode = await lastCode(app, '+85291234567')
    const codes = [registrationCode, resetCode, smsCode]

    for (const staffToken of [support.token, admin.token]) {
      const list = await app.get(`/admin/api/outbox?q=${encodeURIComponent(email)}`, { token: staffToken })
      expect(list.body).toMatchObject({ code: 1, data: { total: 2 } })
      for (const item of list.body.data.data) expect(item.body).toContain(CODE_MASK)
      for (const q of [email, '+85291234567', ''])
        for (const answer of await everyAnswer(app, routes, staffToken, user.id as number, q))
          for (const code of codes) expect(answer).not.toContain(code)
    }
    // Not in the stored rows either, whatever reads them.
    const stored = JSON.stringify(await app.db.select().from(outbox))
    for (const code of codes) expect(stored).not.toContain(code)

    // The customer still resets with the code the log line gave, and signs in.
    const reset = await app.post('/api/user/forget_password', {
      type: 'email',
      account: email,
      new_password: NEW_PASSWORD,
      secondary_password: NEW_PASSWORD,
      auth_code: resetCode,
    })
    expect(reset.body.code).toBe(1)
    expect((await app.get('/api/user/info', { token })).body.code).toBe(999)
    const login = await app.post('/api/user/loginForU', { account: email, password: NEW_PASSWORD })
    expect(login.body.code).toBe(1)
    expect((await app.post('/api/user/loginForU', { account: email, password: PASSWORD })).body.code).toBe(0)
  })

  it('masks codes already stored before the fix (the data migration)', async () => {
    const migrations = new URL('../drizzle/', import.meta.url)
    const name = readdirSync(migrations).find((file) => file.endsWith('_mask_outbox_codes.sql'))
    expect(name).toBeDefined()
    const statements = readFileSync(new URL(name!, migrations), 'utf8')
      .split('--> statement-breakpoint')
      .map((s) => s.trim())
      .filter(Boolean)
    const destination = freshEmail()
    const bodies = [
      'Your verification code is 123456. It expires in 10 minutes.',
      '您的驗證碼為654321，10分鐘內有效。',
      'Code 111111 and 222222; order 1234567 stays',
      'No code in this one, 10 minutes',
    ]
    await app.db
      .insert(outbox)
      .values(bodies.map((body) => ({ channel: 'email', destination, subject: 's', body, status: 'stored' })))
    for (const statement of statements) await app.db.execute(sql.raw(statement))
    const rows = await app.db
      .select()
      .from(outbox)
      .where(eq(outbox.destination, destination))
      .orderBy(outbox.id)
    expect(rows.map((r) => r.body)).toEqual([
      `Your verification code is ${CODE_MASK}. It expires in 10 minutes.`,
      `您的驗證碼為${CODE_MASK}，10分鐘內有效。`,
      `Code ${CODE_MASK} and ${CODE_MASK}; order 1234567 stays`,
      'No code in this one, 10 minutes',
    ])
  })

  it('sends the plain code through a transport and keeps it masked in the outbox', async () => {
    const sent: { to: string; text: string }[] = []
    const withMail = await startTestApp(driver, {
      historyCandles: 5,
      emailTransport: { send: async (message) => void sent.push(message) },
    })
    try {
      const email = freshEmail()
      expect((await withMail.post('/api/notify/send_email', { to: email, type: 1 })).body.code).toBe(1)
      const code = sent.find((m) => m.to === email)?.text.match(/\b(\d{6})\b/)?.[1]
      expect(code).toBeDefined()
      const [row] = await withMail.db.select().from(outbox).where(eq(outbox.destination, email))
      expect(row).toMatchObject({ status: 'sent' })
      expect(row!.body).not.toContain(code)
      expect(row!.body).toContain(CODE_MASK)
      const support = await signedInStaff(withMail, 'support')
      const list = await withMail.get(`/admin/api/outbox?q=${encodeURIComponent(email)}`, {
        token: support.token,
      })
      expect(JSON.stringify(list.body)).not.toContain(code)
    } finally {
      await withMail.close()
    }
  })
})
