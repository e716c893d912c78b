import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FEEDBACK_MAX_PER_WINDOW, FEEDBACK_WINDOW_MS } from '@tp/contracts'
import { auditLog, feedback } from '../src/db/schema.ts'
import { staffEvents, type QueueName } from '../src/events/staff-events.ts'
import { registerAndLogin } from './accounts.ts'
import { DRIVERS, startTestApp, type TestApp } from './harness.ts'
import { signedInStaff } from './staff.ts'

const TEXT = 'The chart does not load on the trade screen.'

describe.each(DRIVERS)('feedback on %s', (driver) => {
  let app: TestApp
  let support: Awaited<ReturnType<typeof signedInStaff>>

  beforeAll(async () => {
    app = await startTestApp(driver, { historyCandles: 5 })
    support = await signedInStaff(app, 'support')
  })
  afterAll(async () => {
    await app?.close()
  })

  const stored = async (userId: number) => app.db.select().from(feedback).where(eq(feedback.userId, userId))

  it('stores what a user sends with the account, language and time, and lists it to them', async () => {
    const user = await registerAndLogin(app)
    const sent = await app.post(
      '/api/feedback/send',
      {
        category: 'bug',
        text: `  ${TEXT}\r\nSteps: open EUR/USD.  `,
        contact_email: ' Me@Example.COM ',
        app_version: '1.4.2',
        screen: '/trade',
      },
      { token: user.token, lang: 'jp', json: true },
    )
    expect(sent.body).toMatchObject({
      code: 1,
      msg: 'ご意見を送信しました。ありがとうございます',
      data: { category: 'bug', text: `${TEXT}\nSteps: open EUR/USD.`, status: 'new', answer: '' },
    })
    const [row] = await stored(user.user.id)
    expect(row).toMatchObject({
      demoAccount: false,
      language: 'jp',
      contactEmail: 'me@example.com',
      appVersion: '1.4.2',
      screen: '/trade',
      status: 'new',
    })
    expect(row?.createdAt.getTime()).toBe(app.clock.now().getTime())

    // A form post (as the family's clients send) without the optional fields.
    const form = await app.post(
      '/api/feedback/send',
      { category: 'idea', text: 'Please add a dark chart.' },
      {
        token: user.token,
      },
    )
    expect(form.body.code).toBe(1)
    const list = (await app.get('/api/feedback/list', { token: user.token })).body.data
    expect(list.total).toBe(2)
    expect(list.data.map((f: { category: string }) => f.category)).toEqual(['idea', 'bug'])
  })

  it('records a demo account as such', async () => {
    const demo = (await app.get('/api/user/createAccountDemoForU?demo_id=device-feedback-0001')).body.data
    const sent = await app.post(
      '/api/feedback/send',
      { category: 'trading', text: 'Spreads look wide today.' },
      {
        token: demo.token,
      },
    )
    expect(sent.body.code).toBe(1)
    const [row] = await app.db.select().from(feedback).where(eq(feedback.id, sent.body.data.id))
    expect(row).toMatchObject({ demoAccount: true, language: 'en' })
  })

  it('never shows one user what another sent', async () => {
    const alice = await registerAndLogin(app)
    const bob = await registerAndLogin(app)
    await app.post(
      '/api/feedback/send',
      { category: 'money', text: 'Alice: my deposit is late.' },
      { token: alice.token },
    )
    const bobs = (await app.get('/api/feedback/list', { token: bob.token })).body.data
    expect(bobs).toEqual({ data: [], total: 0 })
    const alices = (await app.get('/api/feedback/list?page=1&limit=100', { token: alice.token })).body.data
    expect(alices.data.map((f: { text: string }) => f.text)).toEqual(['Alice: my deposit is late.'])
    // Signed out: nothing at all.
    expect((await app.get('/api/feedback/list')).body.code).toBe(999)
    expect((await app.post('/api/feedback/send', { category: 'bug', text: TEXT })).body.code).toBe(999)
  })

  it('refuses bad input with a translated message and stores nothing', async () => {
    const user = await registerAndLogin(app)
    const cases: [Record<string, unknown>, string, string][] = [
      [{ category: 'bug', text: ' short    ' }, 'text', '請檢查欄位：訊息'],
      [{ category: 'bug', text: 'x'.repeat(2001) }, 'text', '請檢查欄位：訊息'],
      [{ category: 'bug', text: `${TEXT}\u202e` }, 'text', '請檢查欄位：訊息'],
      [{ category: 'bug', text: `${TEXT}\u0007` }, 'text', '請檢查欄位：訊息'],
      [{ category: 'praise', text: TEXT }, 'category', '請檢查欄位：類別'],
      [{ text: TEXT }, 'category', '請檢查欄位：類別'],
      [
        { category: 'bug', text: TEXT, contact_email: 'not-an-address' },
        'contact_email',
        '請檢查欄位：聯絡電郵',
      ],
      [
        { category: 'bug', text: TEXT, app_version: 'v'.repeat(41) },
        'app_version',
        '請檢查欄位：應用程式版本',
      ],
      [{ category: 'bug', text: TEXT, screen: '/trade\nx' }, 'screen', '請檢查欄位：頁面'],
      [{ category: 'bug', text: 12345678901 }, 'text', '請檢查欄位：訊息'],
    ]
    for (const [body, field, msg] of cases) {
      const answer = await app.post('/api/feedback/send', body, { token: user.token, lang: 'hk', json: true })
      expect({ field, status: answer.status, body: answer.body }).toMatchObject({
        field,
        status: 200,
        body: { code: 0, reason: 'invalid_input', msg },
      })
    }
    // A body over the route's bound is refused unread.
    const huge = await app.post(
      '/api/feedback/send',
      { category: 'bug', text: 'y'.repeat(20_000) },
      {
        token: user.token,
        json: true,
      },
    )
    expect(huge).toMatchObject({ status: 413, body: { code: 0, reason: 'too_large' } })
    // 2,000 characters of four-byte emoji are 2,000 characters, not 4,000.
    const emoji = await app.post(
      '/api/feedback/send',
      { category: 'other', text: '😀'.repeat(2000) },
      {
        token: user.token,
        json: true,
      },
    )
    expect(emoji.body.code).toBe(1)
    expect((await stored(user.user.id)).length).toBe(1)
  })

  it(`holds ${FEEDBACK_MAX_PER_WINDOW} an hour per user under parallel requests`, async () => {
    const user = await registerAndLogin(app)
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        app.post(
          '/api/feedback/send',
          { category: 'other', text: `Parallel message ${i}` },
          { token: user.token },
        ),
      ),
    )
    const accepted = answers.filter((a) => a.body.code === 1)
    const refused = answers.filter((a) => a.body.code === 0)
    expect(accepted.length).toBe(FEEDBACK_MAX_PER_WINDOW)
    expect(refused.map((a) => a.body.reason)).toEqual(
      Array(12 - FEEDBACK_MAX_PER_WINDOW).fill('feedback_limit'),
    )
    expect(refused[0]?.body.msg).toBe(
      `You can send up to ${FEEDBACK_MAX_PER_WINDOW} feedback messages an hour. Please try again later`,
    )
    expect((await stored(user.user.id)).length).toBe(FEEDBACK_MAX_PER_WINDOW)
    // Another user is not held by this one's count.
    const other = await registerAndLogin(app)
    expect(
      (await app.post('/api/feedback/send', { category: 'bug', text: TEXT }, { token: other.token })).body
        .code,
    ).toBe(1)
    // An hour later the window has moved on.
    app.clock.advance(FEEDBACK_WINDOW_MS)
    expect(
      (await app.post('/api/feedback/send', { category: 'bug', text: TEXT }, { token: user.token })).body
        .code,
    ).toBe(1)
  })

  it('lets support filter, set the status and answer, audited; the user reads the answer', async () => {
    const user = await registerAndLogin(app)
    const sent = await app.post(
      '/api/feedback/send',
      { category: 'money', text: 'Where is my withdrawal <b>now</b>?' },
      {
        token: user.token,
      },
    )
    const id = sent.body.data.id as number

    const filtered = await app.get('/admin/api/feedback?status=new&category=money', { token: support.token })
    expect(filtered.body.code).toBe(1)
    const item = filtered.body.data.data.find((f: { id: number }) => f.id === id)
    expect(item).toMatchObject({
      uid: user.user.uid,
      login: user.email,
      demo: false,
      language: 'en',
      text: 'Where is my withdrawal <b>now</b>?',
      status: 'new',
      handled_by: '',
    })
    expect(
      (await app.get('/admin/api/feedback?category=bug', { token: support.token })).body.data.data.some(
        (f: { id: number }) => f.id === id,
      ),
    ).toBe(false)

    const read = await app.post(
      `/admin/api/feedback/${id}`,
      { status: 'read' },
      { token: support.token, json: true },
    )
    expect(read.body).toMatchObject({ code: 1, data: { status: 'read', handled_by: support.email } })
    // Answered without an answer: refused, unchanged.
    const empty = await app.post(
      `/admin/api/feedback/${id}`,
      { status: 'answered', answer: '  ' },
      {
        token: support.token,
        json: true,
      },
    )
    expect(empty.body).toMatchObject({
      code: 0,
      reason: 'invalid_input',
      msg: 'Please check the field: answer',
    })
    const answered = await app.post(
      `/admin/api/feedback/${id}`,
      { status: 'answered', answer: ' It was paid this morning. ' },
      { token: support.token, json: true },
    )
    expect(answered.body).toMatchObject({
      code: 1,
      data: { status: 'answered', answer: 'It was paid this morning.' },
    })

    const mine = (await app.get('/api/feedback/list', { token: user.token })).body.data.data[0]
    expect(mine).toMatchObject({ id, status: 'answered', answer: 'It was paid this morning.' })
    expect(mine.answered_at).not.toBe('')
    expect(mine).not.toHaveProperty('handled_by')

    const rows = await app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `feedback:${id}`))
    expect(rows.map((r) => [r.action, r.staffEmail, r.before, r.after])).toEqual([
      ['feedback.update', support.email, { status: 'new', answer: '' }, { status: 'read', answer: '' }],
      [
        'feedback.update',
        support.email,
        { status: 'read', answer: '' },
        { status: 'answered', answer: 'It was paid this morning.' },
      ],
    ])
    // Saving it unchanged writes nothing.
    await app.post(
      `/admin/api/feedback/${id}`,
      { status: 'answered', answer: 'It was paid this morning.' },
      {
        token: support.token,
        json: true,
      },
    )
    expect(
      (
        await app.db
          .select()
          .from(auditLog)
          .where(eq(auditLog.target, `feedback:${id}`))
      ).length,
    ).toBe(2)
  })

  it('counts new feedback on the dashboard and announces each change to open back offices', async () => {
    const newCount = async () =>
      (await app.get('/admin/api/dashboard', { token: support.token })).body.data.feedback_new as number
    const before = await newCount()
    const heard: QueueName[] = []
    const stop = staffEvents.subscribe((queue) => heard.push(queue))
    try {
      const user = await registerAndLogin(app)
      const sent = await app.post(
        '/api/feedback/send',
        { category: 'idea', text: 'A dark theme for the chart.' },
        {
          token: user.token,
        },
      )
      expect(await newCount()).toBe(before + 1)
      await app.post(
        `/admin/api/feedback/${sent.body.data.id}`,
        { status: 'closed' },
        { token: support.token, json: true },
      )
      expect(await newCount()).toBe(before)
      // A refused send announces nothing.
      await app.post('/api/feedback/send', { category: 'idea', text: 'short' }, { token: user.token })
    } finally {
      stop()
    }
    expect(heard.filter((queue) => queue === 'feedback')).toHaveLength(2)
  })

  it('keeps the audit a chain when staff save one feedback at the same moment', async () => {
    const user = await registerAndLogin(app)
    const sent = await app.post(
      '/api/feedback/send',
      { category: 'other', text: 'Several people will answer this.' },
      {
        token: user.token,
      },
    )
    const id = sent.body.data.id as number
    const other = await signedInStaff(app, 'support')
    const SAVES = 8
    const saves = await Promise.all(
      Array.from({ length: SAVES }, (_, i) =>
        app.post(
          `/admin/api/feedback/${id}`,
          { status: i % 2 ? 'closed' : 'answered', answer: `Answer number ${i}.` },
          { token: i % 2 ? other.token : support.token, json: true },
        ),
      ),
    )
    expect(saves.map((s) => s.body.code)).toEqual(Array(SAVES).fill(1))
    const rows = await app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `feedback:${id}`))
      .orderBy(auditLog.id)
    expect(rows).toHaveLength(SAVES)
    // Each change's "before" is what the one before it left: no change is lost from the record.
    expect(rows[0]?.before).toEqual({ status: 'new', answer: '' })
    for (let i = 1; i < SAVES; i++) expect(rows[i]?.before, `audit row ${i}`).toEqual(rows[i - 1]?.after)
    const [row] = await app.db.select().from(feedback).where(eq(feedback.id, id))
    expect({ status: row?.status, answer: row?.answer }).toEqual(rows.at(-1)?.after)
  })

  it('is for support and admins only; bad ids and filters are clean refusals', async () => {
    const finance = await signedInStaff(app, 'finance')
    expect((await app.get('/admin/api/feedback', { token: finance.token })).status).toBe(403)
    expect(
      (await app.post('/admin/api/feedback/1', { status: 'closed' }, { token: finance.token, json: true }))
        .status,
    ).toBe(403)
    const user = await registerAndLogin(app)
    expect((await app.get('/admin/api/feedback', { token: user.token })).body.code).toBe(999)
    const admin = await signedInStaff(app, 'admin')
    expect((await app.get('/admin/api/feedback', { token: admin.token })).body.code).toBe(1)
    for (const id of ['abc', '0', '-1', '99999999999']) {
      const answer = await app.post(
        `/admin/api/feedback/${id}`,
        { status: 'closed' },
        { token: support.token, json: true },
      )
      expect({ id, status: answer.status, code: answer.body.code }).toEqual({ id, status: 200, code: 0 })
    }
    const missing = await app.post(
      '/admin/api/feedback/2000000',
      { status: 'closed' },
      { token: support.token, json: true },
    )
    expect(missing.body).toMatchObject({ code: 0, reason: 'not_found' })
    for (const query of ['status=done', 'category=praise', 'limit=1000'])
      expect((await app.get(`/admin/api/feedback?${query}`, { token: support.token })).body).toMatchObject({
        code: 0,
        reason: 'invalid_input',
      })
    const badStatus = await app.post(
      '/admin/api/feedback/1',
      { status: 'deleted' },
      { token: support.token, json: true },
    )
    expect(badStatus.body).toMatchObject({ code: 0, reason: 'invalid_input' })
  })
})
