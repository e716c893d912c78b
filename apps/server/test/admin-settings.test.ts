import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, instruments } from '../src/db/schema.ts'
import { CODE_MASK } from '../src/messaging/outbox.ts'
import { getSetting } from '../src/settings/settings.ts'
import { freshEmail, registerAndLogin } from './accounts.ts'
import { DRIVERS, startTestApp, type TestApp } from './harness.ts'
import { approvedByAnother, approvingAdmin, signedInStaff } from './staff.ts'

describe.each(DRIVERS)('back-office settings and outbox on %s', (driver) => {
  let app: TestApp
  let admin: Awaited<ReturnType<typeof signedInStaff>>
  let dealer: Awaited<ReturnType<typeof signedInStaff>>
  let support: Awaited<ReturnType<typeof signedInStaff>>
  let finance: Awaited<ReturnType<typeof signedInStaff>>

  beforeAll(async () => {
    app = await startTestApp(driver, { historyCandles: 5 })
    admin = await signedInStaff(app, 'admin')
    dealer = await signedInStaff(app, 'dealer')
    support = await signedInStaff(app, 'support')
    finance = await signedInStaff(app, 'finance')
  })
  afterAll(async () => {
    await app?.close()
  })

  const change = (token: string, key: string, value: string) =>
    app.post('/admin/api/settings', { key, value }, { token })
  const auditRows = (target: string) =>
    app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'setting.change'), eq(auditLog.target, target)))

  it('lists every setting with its unit, and what the reader may change', async () => {
    const listed = (await app.get('/admin/api/settings', { token: dealer.token })).body.data
    const level = listed.find((s: { key: string }) => s.key === 'stop_out_level')
    expect(level).toMatchObject({ value: '50', unit: '%', group: 'trading', editable: true })
    expect(listed.find((s: { key: string }) => s.key === 'site_status')).toMatchObject({ editable: false })
    expect((await app.get('/admin/api/settings', { token: support.token })).status).toBe(403)
    const user = await registerAndLogin(app)
    expect((await app.get('/admin/api/settings', { token: user.token })).body.code).toBe(999)
  })

  it('lets a dealer move a trading level through the desk, audited with before and after', async () => {
    const answer = await change(dealer.token, 'stop_out_level', '40')
    expect(answer.body).toMatchObject({ code: 1, data: { key: 'stop_out_level', value: '40' } })
    expect(await getSetting(app.db, 'stop_out_level')).toBe('40')
    const [row] = await auditRows('setting:stop_out_level')
    expect(row).toMatchObject({ staffEmail: dealer.email, before: { value: '50' }, after: { value: '40' } })
    // Levels are checked against each other: stop-out at or above the margin call is refused.
    expect((await change(dealer.token, 'stop_out_level', '100')).body).toMatchObject({
      code: 0,
      reason: 'settings_levels_invalid',
    })
    expect(await getSetting(app.db, 'stop_out_level')).toBe('40')
    expect(await auditRows('setting:stop_out_level')).toHaveLength(1)
  })

  it('switches the fee type only with every non-zero rate restated in the new unit, in one change', async () => {
    const rates = async () =>
      new Map((await app.db.select().from(instruments)).map((row) => [row.id, row.feeRate] as const))
    const before = await rates()
    const charged = [...before].filter(([, rate]) => Number(rate) !== 0)
    expect(charged.length).toBeGreaterThan(1)
    const [firstId] = charged[0]!
    const code = (await app.db.select().from(instruments).where(eq(instruments.id, firstId)))[0]!.code
    const toShare = (fee_rates?: Record<string, string>) =>
      app.post(
        '/admin/api/settings',
        { key: 'trade_fee_type', value: '2', fee_rates },
        { token: dealer.token, json: true, lang: 'en' },
      )

    // Alone, or with one rate missing: refused, naming the instruments, nothing changed.
    const alone = (await toShare()).body
    expect(alone).toMatchObject({ code: 0, reason: 'fee_rates_required' })
    expect(alone.msg).toContain(code)
    const restated = Object.fromEntries(charged.map(([id]) => [String(id), '0.001']))
    const { [String(firstId)]: _left, ...missingOne } = restated
    expect((await toShare(missingOne)).body).toMatchObject({ reason: 'fee_rates_required' })
    expect((await toShare(missingOne)).body.msg).toContain(code)
    // A per-lot rate kept as a share of margin (7 = 700 %) is named too.
    expect((await toShare({ ...restated, [String(firstId)]: '7' })).body).toMatchObject({
      reason: 'fee_rates_invalid',
    })
    expect(await getSetting(app.db, 'trade_fee_type')).toBe('1')
    expect(await rates()).toEqual(before)
    // Rates go with the fee type only.
    expect(
      (
        await app.post(
          '/admin/api/settings',
          { key: 'stop_out_level', value: '45', fee_rates: restated },
          { token: dealer.token, json: true },
        )
      ).body,
    ).toMatchObject({ reason: 'invalid_input' })

    // The fee type guards money (issue 22): asked by the dealer, made when another admin approves.
    const asked = await toShare(restated)
    expect(asked.body).toMatchObject({ code: 1, data: { waiting: { after: { value: '2' } } } })
    expect(await getSetting(app.db, 'trade_fee_type')).toBe('1')
    expect((await approvedByAnother(app, asked)).body).toMatchObject({
      code: 1,
      data: { status: 'approved' },
    })
    expect(await getSetting(app.db, 'trade_fee_type')).toBe('2')
    const after = await rates()
    for (const [id] of charged) expect(Number(after.get(id))).toBe(0.001)
    const [row] = await auditRows('setting:trade_fee_type')
    expect(row).toMatchObject({ before: { value: '1' }, after: { value: '2', fee_rates: restated } })
    // And back, per lot.
    const perLot = Object.fromEntries(charged.map(([id]) => [String(id), before.get(id)!]))
    expect(
      (
        await approvedByAnother(
          app,
          await app.post(
            '/admin/api/settings',
            { key: 'trade_fee_type', value: '1', fee_rates: perLot },
            { token: dealer.token, json: true },
          ),
        )
      ).body.code,
    ).toBe(1)
    expect(await rates()).toEqual(before)
  })

  it('keeps site and money settings for admins, with values checked', async () => {
    expect((await change(dealer.token, 'site_status', '0')).status).toBe(403)
    expect(await getSetting(app.db, 'site_status')).toBe('1')
    expect((await change(admin.token, 'loss_url', 'javascript:alert(1)')).body.reason).toBe('invalid_input')
    expect((await change(admin.token, 'loss_url', 'https://closed.example/')).body.code).toBe(1)
    expect((await change(admin.token, 'site_status', '0')).body.code).toBe(1)
    expect((await app.get('/api/company/getCompanyStatus')).body.data).toMatchObject({
      status: 0,
      loss_url: 'https://closed.example/',
    })
    await change(admin.token, 'site_status', '1')
    // A minimum above its maximum is refused.
    const above = (
      await app.post(
        '/admin/api/settings',
        { key: 'deposit_min_usd', value: '2000000' },
        { token: admin.token, lang: 'en' },
      )
    ).body
    expect(above).toMatchObject({ reason: 'setting_min_above_max' })
    expect(above.msg).not.toContain('{{')
    expect(
      (await approvedByAnother(app, await change(admin.token, 'deposit_min_usd', '25.5'))).body.code,
    ).toBe(1)
    expect(await getSetting(app.db, 'deposit_min_usd')).toBe('25.5')
    for (const [key, value] of [
      ['no_such_setting', '1'],
      ['margin_call_level', '-1'],
      ['service_link_type', '9'],
      ['site_title', ''],
      ['complaint_email', 'not an e-mail'],
    ] as const)
      expect((await change(admin.token, key, value)).body, key).toMatchObject({
        code: 0,
        reason: 'invalid_input',
      })
  })

  it('never lets a minimum and its maximum cross, however two admins save them at once', async () => {
    const other = await signedInStaff(app, 'admin')
    const approver = await approvingAdmin(app)
    // Both asked (each fine against the other's old value), then approved at the same instant.
    const asked = [
      await change(admin.token, 'withdraw_min_usd', '400'),
      await change(other.token, 'withdraw_max_usd', '300'),
    ]
    const [min, max] = (await Promise.all(
      asked.map((a) =>
        app.post(`/admin/api/approvals/${a.body.data.waiting.id}/approve`, {}, { token: approver.token }),
      ),
    )) as unknown as [{ body: any }, { body: any }]
    // Each is fine against the other's old value; together they would cross: exactly one is saved.
    expect([min.body.code, max.body.code].sort()).toEqual([0, 1])
    expect([min.body.reason, max.body.reason]).toContain('setting_min_above_max')
    const saved = [await getSetting(app.db, 'withdraw_min_usd'), await getSetting(app.db, 'withdraw_max_usd')]
    expect(Number(saved[0])).toBeLessThanOrEqual(Number(saved[1]))
    await approvedByAnother(app, await change(admin.token, 'withdraw_min_usd', '10'))
    await approvedByAnother(app, await change(admin.token, 'withdraw_max_usd', '50000'))
  })

  it('shows support the outbox (codes masked), and audits the reading', async () => {
    const email = freshEmail()
    await app.post('/api/notify/send_email', { to: email, type: 1 })
    const answer = await app.get(`/admin/api/outbox?q=${encodeURIComponent(email)}`, { token: support.token })
    expect(answer.body).toMatchObject({ code: 1, data: { total: 1 } })
    expect(answer.body.data.data[0]).toMatchObject({ channel: 'email', destination: email })
    expect(answer.body.data.data[0].body).toContain(CODE_MASK)
    expect(answer.body.data.data[0].body).not.toMatch(/\d{6}/)
    expect((await app.get('/admin/api/outbox', { token: finance.token })).status).toBe(403)
    const reads = await app.db.select().from(auditLog).where(eq(auditLog.action, 'outbox.read'))
    expect(reads.some((r) => r.staffEmail === support.email)).toBe(true)
    expect((await app.get('/admin/api/outbox?page=0', { token: support.token })).status).toBe(200)
  })
})
