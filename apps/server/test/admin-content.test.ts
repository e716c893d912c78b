import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { NEWS_ANNOUNCEMENT_CATEGORY, NEWS_DEFAULT_CATEGORY } from '@tp/contracts'
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

  it('files an article as an announcement: listed by category for staff and readers, not on /news', async () => {
    const post = async (category_id: number | undefined, title: string) => {
      const body = { texts: { en: { title, desc: `${title} summary`, content: `<p>${title}</p>` } } }
      const saved = await app.post(
        '/admin/api/news',
        category_id === undefined ? body : { ...body, category_id },
        { token: support.token, json: true },
      )
      expect(saved.body.code).toBe(1)
      return saved.body.data.id as number
    }
    const notice = await post(NEWS_ANNOUNCEMENT_CATEGORY, 'Maintenance on Sunday')
    const article = await post(undefined, 'Gold rallies')
    const ids = (page: { data: { id: number }[] }) => page.data.map((n) => n.id)
    const staff = async (query: string) =>
      (await app.get(`/admin/api/news?page=1&limit=100${query}`, { token: support.token, json: true })).body
    const announcements = (await staff(`&category_id=${NEWS_ANNOUNCEMENT_CATEGORY}`)).data
    expect(ids(announcements)).toContain(notice)
    expect(ids(announcements)).not.toContain(article)
    expect(announcements.total).toBe(announcements.data.length)
    expect(announcements.data.find((n: { id: number }) => n.id === notice).category_id).toBe(2)
    const news = (await staff(`&category_id=${NEWS_DEFAULT_CATEGORY}`)).data
    expect(ids(news)).toContain(article)
    expect(ids(news)).not.toContain(notice)
    expect(ids((await staff('')).data)).toEqual(expect.arrayContaining([notice, article]))
    expect((await staff('&category_id=0')).code).toBe(0)

    const read = async (category: number) =>
      ids((await app.get(`/api/news/list?category_id=${category}&page=1`, { lang: 'en' })).body.data)
    expect(await read(NEWS_ANNOUNCEMENT_CATEGORY)).toContain(notice)
    expect(await read(NEWS_ANNOUNCEMENT_CATEGORY)).not.toContain(article)
    expect(await read(NEWS_DEFAULT_CATEGORY)).not.toContain(notice)
    expect((await app.get(`/api/news/info?id=${notice}`, { lang: 'en' })).body.data.title).toBe(
      'Maintenance on Sunday',
    )
    // An edit may move an article to the other kind.
    await app.post(
      '/admin/api/news',
      { id: notice, category_id: NEWS_DEFAULT_CATEGORY, texts: { en: { title: 'x', content: '<p>x</p>' } } },
      { token: support.token, json: true },
    )
    expect(await read(NEWS_ANNOUNCEMENT_CATEGORY)).not.toContain(notice)
    expect(await read(NEWS_DEFAULT_CATEGORY)).toContain(notice)
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
    ).toBe(200)
  })
})
