import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog } from '../src/db/schema.ts'
import { registerAndLogin } from './accounts.ts'
import { DRIVERS, startTestApp, type TestApp } from './harness.ts'
import { signedInStaff } from './staff.ts'

describe.each(DRIVERS)('back-office news and companies on %s', (driver) => {
  let app: TestApp
  let support: Awaited<ReturnType<typeof signedInStaff>>

  beforeAll(async () => {
    app = await startTestApp(driver, { historyCandles: 5 })
    support = await signedInStaff(app, 'support')
  })
  afterAll(async () => {
    await app?.close()
  })

  it('writes, edits and deletes an article, sanitized, audited, shown to readers', async () => {
    const texts = {
      en: {
        title: 'Holiday hours <b>update</b>',
        desc: 'Markets close early',
        content: '<h2>Hours</h2><p onclick="steal()">Indices close at 18:00.</p><script>alert(1)</script>',
      },
    }
    const created = await app.post(
      '/admin/api/news',
      { texts, published: true },
      { token: support.token, json: true },
    )
    expect(created.body).toMatchObject({ code: 1, data: { id: expect.any(Number) } })
    const id = created.body.data.id as number
    const read = (await app.get(`/api/news/info?id=${id}`, { lang: 'en' })).body.data
    expect(read.title).toBe('Holiday hours update')
    expect(read.content).toContain('<h2>Hours</h2>')
    expect(read.content).not.toMatch(/script|onclick/)

    const edited = await app.post(
      '/admin/api/news',
      { id, texts, published: false },
      { token: support.token, json: true },
    )
    expect(edited.body.code).toBe(1)
    expect((await app.get(`/api/news/info?id=${id}`)).body.reason).toBe('news_not_found')
    const staffList = (
      await app.get('/admin/api/news?page=1&limit=100', { token: support.token, json: true })
    ).body.data
    expect(staffList.data.find((n: { id: number }) => n.id === id)).toMatchObject({ published: false })

    expect(
      (await app.post(`/admin/api/news/${id}/delete`, {}, { token: support.token, json: true })).body.code,
    ).toBe(1)
    expect(
      (await app.post(`/admin/api/news/${id}/delete`, {}, { token: support.token, json: true })).body.reason,
    ).toBe('news_not_found')
    const rows = await app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `news:${id}`))
    expect(rows.map((r) => r.action)).toEqual(['news.create', 'news.update', 'news.delete'])
    // An article with no language holding both a title and content is refused, and not audited.
    const empty = await app.post(
      '/admin/api/news',
      { texts: { en: { title: 'x', content: '' } } },
      { token: support.token, json: true },
    )
    expect(empty.body.code).toBe(0)
  })

  it('keeps partner companies with safe links, audited before and after', async () => {
    const company = {
      name: 'Harbour Securities',
      url: 'https://harbour.example',
      subject: 'Brokerage',
      registered_address: '8 Finance Street',
      location: 'Hong Kong',
      email: 'service@harbour.example',
    }
    const created = await app.post('/admin/api/companies', company, { token: support.token, json: true })
    expect(created.body).toMatchObject({ code: 1, data: { name: 'Harbour Securities' } })
    const id = created.body.data.id as number
    expect((await app.get('/api/company/getCompany?name=harbour')).body.data[0]).toMatchObject({
      registered_address: '8 Finance Street',
    })
    for (const bad of [
      { url: 'javascript:alert(1)' },
      { logo: 'data:image/svg+xml,<svg>' },
      { email: 'nope' },
    ])
      expect(
        (
          await app.post(
            `/admin/api/companies/${id}`,
            { ...company, ...bad },
            { token: support.token, json: true },
          )
        ).body.code,
      ).toBe(0)
    const moved = await app.post(
      `/admin/api/companies/${id}`,
      { ...company, location: 'Singapore' },
      { token: support.token, json: true },
    )
    expect(moved.body.data.location).toBe('Singapore')
    expect(
      (await app.post(`/admin/api/companies/${id}/delete`, {}, { token: support.token, json: true })).body
        .code,
    ).toBe(1)
    const rows = await app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `company:${id}`))
    expect(rows.map((r) => r.action)).toEqual(['company.create', 'company.update', 'company.delete'])
    expect(rows[1]).toMatchObject({ before: { location: 'Hong Kong' }, after: { location: 'Singapore' } })
  })

  it('is for support and admins only', async () => {
    const finance = await signedInStaff(app, 'finance')
    expect((await app.get('/admin/api/news', { token: finance.token })).status).toBe(403)
    expect((await app.post('/admin/api/companies', { name: 'X' }, { token: finance.token })).status).toBe(403)
    const user = await registerAndLogin(app)
    expect((await app.get('/admin/api/companies', { token: user.token })).body.code).toBe(999)
    expect(
      (await app.post('/admin/api/news/abc/delete', {}, { token: support.token, json: true })).status,
    ).toBe(400)
  })
})
