import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appropriatenessResults, consents, legalDocuments, users } from '../src/db/schema.ts'
import { computeRiskWarning } from '../src/legal/risk-warning.ts'
import { freshEmail, lastCode, PASSWORD, registerAndLogin } from './accounts.ts'
import { approvedDeposit } from './approvers.ts'
import { depositRequested } from './funded.ts'
import { DRIVERS, startTestApp, type TestApp } from './harness.ts'
import { signedInStaff } from './staff.ts'

/*
 * Issue 26 (decision 045): the legal documents, accepted at registration with their version, time
 * and address; a real deposit or trade only on the current client agreement and risk disclosure,
 * so a client of an older app, or one who has not seen a new version, is refused with the page to
 * accept on; and the risk warning's share of losing accounts, computed from closed trades.
 */

describe.each(DRIVERS)('consent to the legal documents on %s', (driver) => {
  let app: TestApp
  let admin: { token: string }
  let btc: number

  beforeAll(async () => {
    app = await startTestApp(driver, { historyCandles: 5 })
    admin = await signedInStaff(app, 'admin')
    btc = app.market.instrumentByCode('BTCUSD')!.id
    app.tick({ code: 'BTCUSD', bid: 65_000, ask: 65_030 })
    await app.desk.settle()
  })
  afterAll(() => app?.close())

  /** Registers as an app of before this issue does: no legal documents shown, none accepted. */
  async function olderClient() {
    const email = freshEmail()
    await app.post('/api/notify/send_email', { to: email, type: 1 })
    const registered = await app.post('/api/user/register', {
      type: 'email',
      account: email,
      password: PASSWORD,
      re_password: PASSWORD,
      sms_code: await lastCode(app, email),
    })
    expect(registered.body).toMatchObject({ code: 1 })
    const login = await app.post('/api/user/loginForU', {
      account: email,
      password: PASSWORD,
      login_type: 'email',
    })
    return { email, token: login.body.data.token as string, userId: login.body.data.user.id as number }
  }
  const leverage = () =>
    Math.max(
      ...app.market
        .view(app.market.instrument(btc)!, app.clock.now().getTime())
        .HasForexMultiple.map((o: { Value: number }) => o.Value),
    )
  const trade = (token: string) =>
    app.get(`/v1/api/forex/submit?forex_id=${btc}&type=1&cont=0.01&multiple=${leverage()}&status=1`, {
      token,
    })
  const documents = async (token?: string) =>
    (await app.get('/api/legal/documents', { ...(token ? { token } : {}), lang: 'en' })).body.data.list as {
      kind: string
      version: number
      accepted: boolean
      required: boolean
    }[]
  /** A client registered as the app registers (accepting the current documents), with 1,000 USD. */
  async function funded() {
    const user = await registerAndLogin(app)
    const userId = user.user.id as number
    await approvedDeposit(app, await depositRequested(app, { token: user.token, userId }, '1000'))
    return { ...user, userId }
  }
  const acceptAll = async (token: string) => {
    for (const document of await documents(token)) {
      const answer = await app.post(
        '/api/legal/accept',
        { kind: document.kind, version: document.version },
        { token },
      )
      expect(answer.body).toMatchObject({ code: 1 })
    }
  }
  async function publish(kind: string, title: string) {
    const draft = await app.post(
      '/admin/api/legal',
      {
        kind,
        texts: {
          en: { title, body: `${title}: the new terms.` },
          hk: { title: `${title}（中）`, body: '新條款' },
        },
      },
      { token: admin.token, json: true },
    )
    expect(draft.body).toMatchObject({ code: 1 })
    const id = draft.body.data.id as number
    expect(
      (await app.post(`/admin/api/legal/${id}/publish`, {}, { token: admin.token, json: true })).body,
    ).toMatchObject({ code: 1 })
    // The gate trusts its copy of the current versions for 10 s.
    app.clock.advance(11_000)
    app.tick({ code: 'BTCUSD', bid: 65_000, ask: 65_030 })
    await app.desk.settle()
    return id
  }

  it('shows the four documents of a fresh install, in the reader’s language or else English', async () => {
    const list = await documents()
    expect(list.map((d) => d.kind)).toEqual([
      'client_agreement',
      'risk_disclosure',
      'privacy_notice',
      'execution_policy',
    ])
    expect(list.every((d) => d.version === 1 && !d.accepted)).toBe(true)
    expect(list.filter((d) => d.required).map((d) => d.kind)).toEqual(['client_agreement', 'risk_disclosure'])
    const text = (await app.get('/api/legal/document?kind=risk_disclosure', { lang: 'hk' })).body.data
    expect(text).toMatchObject({ kind: 'risk_disclosure', version: 1, lang: 'hk', title: '風險披露聲明' })
    expect(text.body).toContain('差價合約')
    expect((await app.get('/api/legal/document?kind=nothing')).body.code).toBe(0)
  })

  it('records the versions a registration accepted, with the time and the address', async () => {
    const user = await funded()
    const rows = await app.db
      .select({ kind: legalDocuments.kind, version: legalDocuments.version, consent: consents })
      .from(consents)
      .innerJoin(legalDocuments, eq(legalDocuments.id, consents.documentId))
      .where(eq(consents.userId, user.userId))
    expect(rows.map((r) => r.kind).sort()).toEqual([
      'client_agreement',
      'execution_policy',
      'privacy_notice',
      'risk_disclosure',
    ])
    for (const row of rows) expect(row.consent).toMatchObject({ address: '127.0.0.1', via: 'register' })
    expect((await documents(user.token)).every((d) => d.accepted)).toBe(true)
    expect((await trade(user.token)).body).toMatchObject({ code: 1 })
  })

  it('refuses a registration whose form showed a version that is no longer current, and creates nothing', async () => {
    const email = freshEmail()
    await app.post('/api/notify/send_email', { to: email, type: 1 })
    const answer = await app.post('/api/user/register', {
      type: 'email',
      account: email,
      password: PASSWORD,
      re_password: PASSWORD,
      sms_code: await lastCode(app, email),
      legal_versions: 'client_agreement:7,risk_disclosure:1',
    })
    expect(answer.body).toMatchObject({ code: 0, reason: 'legal_version_outdated' })
    expect(await app.db.select().from(users).where(eq(users.email, email))).toEqual([])
    for (const bad of [
      'client_agreement',
      'nothing:1',
      'client_agreement:1,client_agreement:1',
      'x'.repeat(500),
    ]) {
      const refused = await app.post('/api/user/register', {
        type: 'email',
        account: email,
        password: PASSWORD,
        re_password: PASSWORD,
        sms_code: '123456',
        legal_versions: bad,
      })
      expect(refused.body.code, bad).toBe(0)
    }
  })

  it('refuses a client of an older app a real deposit or trade, naming the page to accept on; a demo account trades', async () => {
    const older = await olderClient()
    const refusedTrade = await trade(older.token)
    expect(refusedTrade.body).toMatchObject({
      code: 0,
      reason: 'consent_required',
      data: { page: '/mine/legal', kind: 'client_agreement' },
    })
    expect(refusedTrade.body.msg).toContain('/mine/legal')
    const hk = await app.get(
      `/v1/api/forex/submit?forex_id=${btc}&type=1&cont=0.01&multiple=${leverage()}&status=1`,
      {
        token: older.token,
        lang: 'hk',
      },
    )
    expect(hk.body.msg).toMatch(/[\u4e00-\u9fff]/)
    const deposit = await app.get('/api/quickCharge/submit?number=100&proofImg=x&charge_id=1&address=x', {
      token: older.token,
    })
    expect(deposit.body).toMatchObject({ code: 0, reason: 'consent_required' })
    const demo = await app.get('/api/user/createAccountDemoForU?demo_id=consent-demo-abcdef')
    expect((await trade(demo.body.data.token)).body).toMatchObject({ code: 1 })

    // Accepting the agreement alone is not enough: the risk disclosure too.
    const agreement = await app.post(
      '/api/legal/accept',
      { kind: 'client_agreement', version: 1 },
      { token: older.token },
    )
    expect(agreement.body).toMatchObject({ code: 1 })
    expect((await trade(older.token)).body).toMatchObject({ code: 0, data: { kind: 'risk_disclosure' } })
    await acceptAll(older.token)
    await approvedDeposit(app, await depositRequested(app, older, '1000'))
    // The documents accepted and the money in: the appropriateness test is next (decision 046).
    expect((await trade(older.token)).body).toMatchObject({
      code: 0,
      reason: 'appropriateness_required',
      data: { page: '/mine/appropriateness' },
    })
    expect((await trade(older.token)).body.msg).toContain('/mine/appropriateness')
  })

  it('asks the appropriateness test before the first real trade; a failed one warns, and going on is recorded', async () => {
    const client = await olderClient()
    await acceptAll(client.token)
    await approvedDeposit(app, await depositRequested(app, client, '1000'))
    const test = (await app.get('/api/appropriateness', { token: client.token, lang: 'hk' })).body.data
    expect(test).toMatchObject({ version: 1, pass_score: 4, result: null, cleared: false })
    expect(test.questions).toHaveLength(5)
    expect(test.questions[0].question).toMatch(/[\u4e00-\u9fff]/)
    expect(JSON.stringify(test)).not.toContain('correct')

    // Malformed answers change nothing.
    for (const answers of ['0,0', '0,0,0,0,9', 'a', '', '0,0,0,0,0,0'])
      expect(
        (await app.post('/api/appropriateness/answer', { answers }, { token: client.token })).body.code,
      ).toBe(0)
    // All wrong: failed, recorded; trading still refused until the warning is acknowledged.
    const failed = await app.post(
      '/api/appropriateness/answer',
      { answers: '1,1,0,0,1' },
      { token: client.token },
    )
    expect(failed.body).toMatchObject({
      code: 1,
      data: { passed: false, score: 0, total: 5, acknowledged: false },
    })
    expect((await trade(client.token)).body).toMatchObject({ code: 0, reason: 'appropriateness_required' })
    const acknowledged = await app.post('/api/appropriateness/acknowledge', {}, { token: client.token })
    expect(acknowledged.body).toMatchObject({ code: 1 })
    expect((await trade(client.token)).body).toMatchObject({ code: 1 })
    const after = (await app.get('/api/appropriateness', { token: client.token })).body.data
    expect(after).toMatchObject({ cleared: true, result: { passed: false, acknowledged: true } })
    const rows = await app.db
      .select()
      .from(appropriatenessResults)
      .where(eq(appropriatenessResults.userId, client.userId))
    expect(rows).toEqual([
      expect.objectContaining({ passed: false, score: 0, address: '127.0.0.1', answers: [1, 1, 0, 0, 1] }),
    ])
    expect(rows[0]!.acknowledgedAt).not.toBeNull()
    // A demo account is never asked.
    const demo = await app.get('/api/user/createAccountDemoForU?demo_id=appropriateness-demo-abcdef')
    expect((await trade(demo.body.data.token)).body).toMatchObject({ code: 1 })
  })

  it('lets admins write a new version of the questionnaire, asked from then on', async () => {
    const current = (await app.get('/admin/api/appropriateness', { token: admin.token })).body.data
    expect(current).toMatchObject({ version: 1, pass_score: 4 })
    expect(current.taken).toBeGreaterThan(0)
    const questions = [
      { correct: 1, texts: { en: { question: 'Is leverage risky?', options: ['No', 'Yes'] } } },
      { correct: 0, texts: { en: { question: 'Do you own the asset?', options: ['No', 'Yes'] } } },
    ]
    for (const bad of [
      { questions, pass_score: 3 },
      { questions: [{ correct: 2, texts: { en: { question: 'x', options: ['a', 'b'] } } }], pass_score: 1 },
      { questions: [{ correct: 0, texts: { hk: { question: 'x', options: ['a', 'b'] } } }], pass_score: 1 },
      {
        questions: [
          {
            correct: 0,
            texts: { en: { question: 'x', options: ['a', 'b'] }, hk: { question: 'y', options: ['a'] } },
          },
        ],
        pass_score: 1,
      },
    ])
      expect(
        (await app.post('/admin/api/appropriateness', bad, { token: admin.token, json: true })).body.code,
      ).toBe(0)
    const saved = await app.post(
      '/admin/api/appropriateness',
      { questions, pass_score: 2 },
      { token: admin.token, json: true },
    )
    expect(saved.body).toMatchObject({ code: 1, data: { version: 2 } })
    const client = await olderClient()
    const test = (await app.get('/api/appropriateness', { token: client.token, lang: 'hk' })).body.data
    expect(test).toMatchObject({ version: 2, pass_score: 2 })
    expect(test.questions[0]).toEqual({ question: 'Is leverage risky?', options: ['No', 'Yes'] })
    const passed = await app.post('/api/appropriateness/answer', { answers: '1,0' }, { token: client.token })
    expect(passed.body).toMatchObject({ code: 1, data: { passed: true, score: 2, total: 2 } })
    const support = await signedInStaff(app, 'support')
    expect((await app.get('/admin/api/appropriateness', { token: support.token })).status).toBe(403)
  })

  it('asks again for a new version of the agreement before the next trade, never before a close', async () => {
    const user = await funded()
    const opened = await trade(user.token)
    expect(opened.body).toMatchObject({ code: 1 })
    await publish('client_agreement', 'Client Agreement 2027')
    const list = await documents(user.token)
    expect(list.find((d) => d.kind === 'client_agreement')).toMatchObject({ version: 2, accepted: false })
    expect((await trade(user.token)).body).toMatchObject({ code: 0, reason: 'consent_required' })
    // Closing is always possible: it only takes risk away.
    const closed = await app.get(`/v1/api/forex/close?id=${opened.body.data.id}`, { token: user.token })
    expect(closed.body).toMatchObject({ code: 1 })
    // The old version is no longer acceptable; the new one is, once, however often it is sent.
    const old = await app.post(
      '/api/legal/accept',
      { kind: 'client_agreement', version: 1 },
      { token: user.token },
    )
    expect(old.body).toMatchObject({ code: 0, reason: 'legal_version_outdated' })
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        app.post('/api/legal/accept', { kind: 'client_agreement', version: 2 }, { token: user.token }),
      ),
    )
    expect(answers.every((a) => a.body.code === 1)).toBe(true)
    const [current] = await app.db
      .select()
      .from(legalDocuments)
      .where(and(eq(legalDocuments.kind, 'client_agreement'), eq(legalDocuments.version, 2)))
    const rows = await app.db
      .select()
      .from(consents)
      .where(and(eq(consents.userId, user.userId), eq(consents.documentId, current!.id)))
    expect(rows).toHaveLength(1)
    expect((await trade(user.token)).body).toMatchObject({ code: 1 })
    // The reader in Hong Kong gets the version's own Chinese text now.
    const hk = (await app.get('/api/legal/document?kind=client_agreement', { lang: 'hk' })).body.data
    expect(hk).toMatchObject({ version: 2, lang: 'hk', body: '新條款' })
  })

  it('lets only admins write and publish; a published version never changes', async () => {
    const support = await signedInStaff(app, 'support')
    const refused = await app.post(
      '/admin/api/legal',
      { kind: 'privacy_notice', texts: { en: { title: 'x', body: 'y' } } },
      { token: support.token, json: true },
    )
    expect(refused.status).toBe(403)
    const noEnglish = await app.post(
      '/admin/api/legal',
      { kind: 'privacy_notice', texts: { hk: { title: 'x', body: 'y' } } },
      { token: admin.token, json: true },
    )
    expect(noEnglish.body.code).toBe(0)
    const published = (await app.db.select().from(legalDocuments).where(eq(legalDocuments.version, 1)))[0]!
    const edit = await app.post(
      '/admin/api/legal',
      { id: published.id, kind: published.kind, texts: { en: { title: 'changed', body: 'changed' } } },
      { token: admin.token, json: true },
    )
    expect(edit.body).toMatchObject({ code: 0, reason: 'not_found' })
    expect(
      (await app.post(`/admin/api/legal/${published.id}/publish`, {}, { token: admin.token, json: true }))
        .body.code,
    ).toBe(0)
    const list = (await app.get('/admin/api/legal', { token: admin.token })).body.data.list
    expect(list.find((d: { id: number }) => d.id === published.id).texts.en.title).not.toBe('changed')
  })

  it('computes the share of real accounts that lost money on the trades they closed in the last 12 months', async () => {
    const fresh = await computeRiskWarning(app.db, new Date(app.clock.now().getTime() + 1))
    // Two real accounts more: one closes at a loss (the spread), one at a profit.
    const loser = await funded()
    const winner = await funded()
    const losing = (await trade(loser.token)).body.data.id
    const winning = (await trade(winner.token)).body.data.id
    expect((await app.get(`/v1/api/forex/close?id=${losing}`, { token: loser.token })).body.code).toBe(1)
    app.clock.advance(1_000)
    app.tick({ code: 'BTCUSD', bid: 66_000, ask: 66_030 })
    await app.desk.settle()
    expect((await app.get(`/v1/api/forex/close?id=${winning}`, { token: winner.token })).body.code).toBe(1)
    await app.desk.settle()
    const after = await computeRiskWarning(app.db, new Date(app.clock.now().getTime() + 1_000))
    expect(after.accounts).toBe(fresh.accounts + 2)
    expect(after.percent).not.toBeNull()
    // 13 months on, none of these trades counts.
    const later = await computeRiskWarning(app.db, new Date(app.clock.now().getTime() + 400 * 86_400_000))
    expect(later).toEqual({ percent: null, accounts: 0, months: 12 })
    expect((await app.get('/api/legal/risk_warning')).body.data).toMatchObject({ months: 12 })
  })
})
