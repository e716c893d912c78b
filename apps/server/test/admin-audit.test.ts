import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AuditItem } from '@tp/contracts'
import { auditLog } from '../src/db/schema.ts'
import { registerAndLogin } from './accounts.ts'
import { DRIVERS, startTestApp, type TestApp } from './harness.ts'
import { signedInStaff } from './staff.ts'

type Staff = Awaited<ReturnType<typeof signedInStaff>>

describe.each(DRIVERS)('the back-office audit log on %s', (driver) => {
  let app: TestApp
  let admin: Staff
  let dealer: Staff

  beforeAll(async () => {
    app = await startTestApp(driver, { historyCandles: 5 })
    admin = await signedInStaff(app, 'admin')
    dealer = await signedInStaff(app, 'dealer')
  })
  afterAll(async () => {
    await app?.close()
  })

  const read = (query: Record<string, string | number> = {}, token = admin.token, lang = 'en') =>
    app.get(
      `/admin/api/audit?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`,
      {
        token,
        lang,
      },
    )
  const rows = async (query: Record<string, string | number> = {}) => {
    const answer = await read(query)
    expect(answer.body.code).toBe(1)
    return answer.body.data as { data: AuditItem[]; total: number }
  }

  it('gives nothing to finance, dealers, support or a user', async () => {
    for (const role of ['finance', 'dealer', 'support'] as const) {
      const staff = role === 'dealer' ? dealer : await signedInStaff(app, role)
      const answer = await read({}, staff.token)
      expect(answer.status, role).toBe(403)
      expect(answer.body, role).toMatchObject({ code: 0, reason: 'staff_forbidden', data: null })
    }
    const user = await registerAndLogin(app)
    expect((await read({}, user.token)).body).toMatchObject({ code: 999, data: null })
    expect((await app.get('/admin/api/audit')).body).toMatchObject({ code: 999, data: null })
  })

  it('lists rows newest first with who, what, to what, before and after, from where', async () => {
    await app.post('/admin/api/settings', { key: 'stop_out_level', value: '45' }, { token: dealer.token })
    await app.post(
      '/admin/api/settings',
      // Not a money setting: made at once (those wait for a second admin, issue 22).
      { key: 'site_title', value: 'Audited Markets' },
      { token: admin.token },
    )
    const page = await rows()
    const [newest, older] = page.data
    expect(newest).toMatchObject({
      staff_id: admin.id,
      staff_email: admin.email,
      action: 'setting.change',
      target: 'setting:site_title',
      before: { value: 'Meridian Markets' },
      after: { value: 'Audited Markets' },
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
    })
    expect(newest!.address).not.toBe('')
    expect(older).toMatchObject({ staff_email: dealer.email, target: 'setting:stop_out_level' })
    const ids = page.data.map((row) => row.id)
    expect(ids).toEqual([...ids].sort((a, b) => b - a))
  })

  it('filters by staff member, action prefix, exact target and UTC days', async () => {
    // Rows of other days, written as the log would have them (it takes inserts, never changes).
    const old = { staffId: admin.id, staffEmail: admin.email, address: '203.0.113.9' }
    await app.db.insert(auditLog).values([
      { ...old, action: 'user.disable', target: 'user:7', createdAt: new Date('2020-03-01T23:59:59Z') },
      { ...old, action: 'user.disable', target: 'user:71', createdAt: new Date('2020-03-02T00:00:00Z') },
      { ...old, action: 'user_x.other', target: 'user:7', createdAt: new Date('2020-03-03T12:00:00Z') },
    ])

    const byDealer = await rows({ staff_id: dealer.id })
    expect(byDealer.total).toBeGreaterThan(0)
    expect(byDealer.data.every((row) => row.staff_id === dealer.id)).toBe(true)

    const settings = await rows({ action: 'setting' })
    expect(settings.data.map((row) => row.action)).toEqual(settings.data.map(() => 'setting.change'))
    // The prefix is text, not a pattern: '_' is no wildcard, and 'user.' does not match 'user_x.'.
    expect((await rows({ action: 'user.' })).data.map((row) => row.target)).toEqual(['user:71', 'user:7'])
    expect((await rows({ action: 'user_' })).data.map((row) => row.action)).toEqual(['user_x.other'])

    expect((await rows({ target: 'user:7' })).data.map((row) => row.action)).toEqual([
      'user_x.other',
      'user.disable',
    ])
    const day = await rows({ date_from: '2020-03-02', date_to: '2020-03-02' })
    expect(day).toMatchObject({ total: 1, data: [{ target: 'user:71' }] })
    expect((await rows({ date_to: '2020-03-01' })).data.map((row) => row.target)).toEqual(['user:7'])
    expect((await rows({ date_from: '2020-03-03', action: 'user' })).total).toBe(1)
    // Cleared filters are no filters.
    const all = await rows({ staff_id: '', action: '', target: '', date_from: '', date_to: '' })
    expect(all.total).toBe((await rows()).total)
  })

  it('pages on the server', async () => {
    const { total } = await rows()
    expect(total).toBeGreaterThanOrEqual(5)
    const first = await rows({ page: 1, limit: 2 })
    const second = await rows({ page: 2, limit: 2 })
    expect(first.data).toHaveLength(2)
    expect(second.data).toHaveLength(2)
    expect(first.total).toBe(total)
    expect(second.data[0]!.id).toBeLessThan(first.data[1]!.id)
    expect((await rows({ page: 1000, limit: 100 })).data).toEqual([])
  })

  it('refuses bad input with a message naming the field', async () => {
    for (const [query, field] of [
      [{ page: 0 }, 'page'],
      [{ limit: 101 }, 'number of items'],
      [{ staff_id: 'abc' }, 'staff member'],
      [{ action: "x' or 1=1" }, 'action'],
      [{ target: 'x'.repeat(129) }, 'target'],
      [{ date_from: '2020-02-30' }, 'start date'],
      [{ date_to: '01/03/2020' }, 'end date'],
      [{ date_from: '2020-03-02', date_to: '2020-03-01' }, 'end date'],
    ] as const) {
      const answer = await read(query)
      expect(answer.status, JSON.stringify(query)).toBe(200)
      expect(answer.body, JSON.stringify(query)).toMatchObject({ code: 0, reason: 'invalid_input' })
      expect(answer.body.msg).toBe(`Please check the field: ${field}`)
    }
    expect((await read({ date_to: 'x' }, admin.token, 'hk')).body.msg).toBe('請檢查欄位：結束日期')
  })
})
