import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { news } from '../src/db/schema.ts'
import { deleteNews, newsForStaff, saveNews } from '../src/news/news.ts'
import { HOURS_ARTICLE } from '../src/seed/news-articles/hours.ts'
import { MARGIN_ARTICLE } from '../src/seed/news-articles/margin.ts'
import { MONEY_ARTICLE } from '../src/seed/news-articles/money.ts'
import { ORDERS_ARTICLE } from '../src/seed/news-articles/orders.ts'
import { seedNews } from '../src/seed/seed-news.ts'
import { DRIVERS, startTestApp, type TestApp } from './harness.ts'

/*
 * News (issue 10): the public list and article calls on PGlite and PostgreSQL, the staff service
 * functions that store sanitized articles, and the seed of a fresh install.
 */

const WIRE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/
const SEEDED = [MARGIN_ARTICLE, HOURS_ARTICLE, MONEY_ARTICLE, ORDERS_ARTICLE]

const article = (title: string, content = '<p>Body</p>') => ({ title, desc: `${title} summary`, content })

describe.each(DRIVERS)('news on %s', (driver) => {
  let app: TestApp

  beforeAll(async () => {
    app = await startTestApp(driver, { historyCandles: 5 })
  })
  afterAll(async () => {
    await app.close()
  })

  /** Saves an article through the staff function and returns its id. */
  async function save(
    input: Partial<Parameters<typeof saveNews>[1]> & Pick<Parameters<typeof saveNews>[1], 'texts'>,
    at?: Date,
  ) {
    const saved = await saveNews(app.db, { categoryId: 1, logo: '', published: true, ...input }, at)
    if (!saved.ok) throw new Error(saved.reason)
    return saved.value.id
  }

  it('a fresh install lists the four seeded articles, newest first, without their content', async () => {
    const { status, body } = await app.get('/api/news/list?category_id=1&page=1&limit=10')
    expect(status).toBe(200)
    expect(body.code).toBe(1)
    expect(body.data.total).toBe(4)
    expect(body.data.data.map((item: any) => item.title)).toEqual(SEEDED.map((a) => a.en?.title))
    for (const item of body.data.data) {
      expect(Object.keys(item).sort()).toEqual(['created_at', 'desc', 'id', 'logo', 'title'])
      expect(item.created_at).toMatch(WIRE_TIME)
      expect(item.desc.length).toBeGreaterThan(20)
    }
    // Defaults: category 1, page 1, ten a page.
    expect((await app.get('/api/news/list')).body.data.total).toBe(4)
  })

  it('an article is served with its formatted HTML, sanitized, in the reader language', async () => {
    const [first] = (await app.get('/api/news/list')).body.data.data
    const { body } = await app.get(`/api/news/info?id=${first.id}`)
    expect(body.code).toBe(1)
    expect(body.data).toMatchObject({
      id: first.id,
      title: first.title,
      desc: first.desc,
      created_at: first.created_at,
    })
    for (const tag of ['<h2>', '<ul>', '<li>', '<strong>', '<blockquote>'])
      expect(body.data.content).toContain(tag)
    expect(body.data.content).not.toMatch(/lorem/i)
    const hk = await app.get(`/api/news/info?id=${first.id}`, { lang: 'hk' })
    expect(hk.body.data.title).toBe(MARGIN_ARTICLE.hk?.title)
    // No lang header: Traditional Chinese, the product's default.
    const none = await app.get(`/api/news/info?id=${first.id}`, { lang: '' })
    expect(none.body.data.title).toBe(MARGIN_ARTICLE.hk?.title)
  })

  it('picks the reader language, else English, else Traditional Chinese, else any', async () => {
    const both = await save({ texts: { en: article('English'), hk: article('中文'), ar: article('عربي') } })
    const chinese = await save({ texts: { hk: article('只有中文'), jp: article('日本語だけではない') } })
    const finnish = await save({ texts: { fi: article('Vain suomeksi') } })
    const title = async (id: number, lang: string) =>
      (await app.get(`/api/news/info?id=${id}`, { lang })).body.data.title
    expect(await title(both, 'ar')).toBe('عربي')
    expect(await title(both, 'en')).toBe('English')
    expect(await title(both, 'hk')).toBe('中文')
    expect(await title(both, 'fr')).toBe('English')
    expect(await title(chinese, 'ar')).toBe('只有中文')
    expect(await title(chinese, 'jp')).toBe('日本語だけではない')
    expect(await title(chinese, 'en')).toBe('只有中文')
    expect(await title(finnish, 'en')).toBe('Vain suomeksi')
    expect(await title(finnish, 'xx')).toBe('Vain suomeksi')
    // The list picks the same way.
    const list = (await app.get('/api/news/list?limit=100', { lang: 'ar' })).body.data.data
    expect(list.find((item: any) => item.id === both).title).toBe('عربي')
    for (const id of [both, chinese, finnish])
      expect(await deleteNews(app.db, id)).toEqual({ ok: true, value: null })
  })

  it('pages newest first, counts only published articles of the category', async () => {
    const base = Date.now() + 3_600_000
    const ids: number[] = []
    for (let i = 0; i < 12; i++)
      ids.push(await save({ texts: { en: article(`Extra ${i}`) } }, new Date(base + i * 1000)))
    const hidden = await save({ texts: { en: article('Draft') }, published: false }, new Date(base + 60_000))
    const other = await save(
      { texts: { en: article('Other category') }, categoryId: 2 },
      new Date(base + 60_000),
    )
    const newestFirst = [...ids].reverse()

    const page1 = (await app.get('/api/news/list?page=1&limit=5')).body.data
    expect(page1.total).toBe(16)
    expect(page1.data.map((item: any) => item.id)).toEqual(newestFirst.slice(0, 5))
    const page3 = (await app.get('/api/news/list?page=3&limit=5')).body.data
    expect(page3.data.map((item: any) => item.id).slice(0, 2)).toEqual(newestFirst.slice(10))
    expect(page3.data.map((item: any) => item.title).slice(2)).toEqual(
      SEEDED.slice(0, 3).map((a) => a.en?.title),
    )
    const page4 = (await app.get('/api/news/list?page=4&limit=5')).body.data
    expect(page4.data).toHaveLength(1)
    expect((await app.get('/api/news/list?page=9&limit=5')).body.data).toEqual({ data: [], total: 16 })
    expect((await app.get('/api/news/list?limit=100')).body.data.data).toHaveLength(16)

    const all = (await app.get('/api/news/list?limit=100')).body.data.data.map((item: any) => item.id)
    expect(all).not.toContain(hidden)
    expect(all).not.toContain(other)
    expect((await app.get(`/api/news/info?id=${hidden}`)).body).toMatchObject({
      code: 0,
      reason: 'news_not_found',
    })
    const second = (await app.get('/api/news/list?category_id=2')).body.data
    expect(second).toMatchObject({ total: 1, data: [{ id: other, title: 'Other category' }] })

    // Staff see every article, drafts included; pages are bounded however the function is called.
    expect((await newsForStaff(app.db, 0, 100_000)).data).toHaveLength(18)
    expect((await newsForStaff(app.db, 2, 5)).data).toHaveLength(5)
    const staff = await newsForStaff(app.db, 1, 100)
    expect(staff.total).toBe(18)
    expect(staff.data.find((item) => item.id === hidden)).toMatchObject({
      published: false,
      texts: { en: { title: 'Draft' } },
    })

    for (const id of [...ids, hidden, other]) await deleteNews(app.db, id)
    expect((await app.get('/api/news/list')).body.data.total).toBe(4)
  })

  it('refuses unknown and malformed ids and paging with a translated message, never a 500', async () => {
    const unknown = await app.get('/api/news/info?id=999999')
    expect(unknown.status).toBe(200)
    expect(unknown.body).toMatchObject({ code: 0, reason: 'news_not_found', data: null })
    const unknownHk = await app.get('/api/news/info?id=999999', { lang: 'hk' })
    expect(unknownHk.body.msg).not.toBe(unknown.body.msg)
    for (const msg of [unknown.body.msg, unknownHk.body.msg])
      expect(msg).not.toMatch(/reason\.|news_not_found/)

    const bad = ['0', '-1', 'abc', '99999999999', '2147483648', '1.5', '0x10', '1e3', '', '%00', '1%20']
    for (const id of bad) {
      const { status, body } = await app.get(`/api/news/info?id=${id}`)
      expect(status, id).toBe(200)
      expect(body, id).toMatchObject({ code: 0, reason: 'invalid_input', data: null })
      expect(body.msg).not.toMatch(/reason\./)
    }
    expect((await app.get('/api/news/info')).status).toBe(200)
    const badLists = [
      'page=0',
      'page=-1',
      'page=abc',
      'limit=0',
      'limit=101',
      'limit=x',
      'category_id=0',
      'category_id=-3',
    ]
    for (const query of badLists) {
      const { status, body } = await app.get(`/api/news/list?${query}`)
      expect(status, query).toBe(200)
      expect(body, query).toMatchObject({ code: 0, reason: 'invalid_input' })
    }
    // Arrays and odd keys are input too.
    expect((await app.get('/api/news/info?id=1&id=2')).status).toBe(200)
  })

  it('stores what staff save sanitized, and refuses an article with nothing to show', async () => {
    const id = await save({
      logo: '/v1/api/forex/logo/EURUSD.svg',
      texts: {
        en: {
          title: '<b>Rates</b> <script>alert(1)</script>up',
          desc: 'A <i>short</i> summary',
          content:
            '<h2 onclick="x()">Heading</h2><p style="color:red">Text <strong>bold</strong></p>' +
            '<img src=x onerror="window.hacked=1"><script>window.hacked=1</script>' +
            '<a href="javascript:alert(1)">bad</a><a href="https://example.com">good</a>' +
            '<svg onload="alert(1)"><script>1</script></svg><iframe src="https://x"></iframe>',
        },
        hk: { title: '', desc: '', content: '<p>no title: dropped</p>' },
      },
    })
    const [row] = await app.db.select().from(news).where(eq(news.id, id))
    const stored = row!.texts as any
    expect(Object.keys(stored)).toEqual(['en'])
    expect(stored.en.title).toBe('Rates up')
    expect(stored.en.desc).toBe('A short summary')
    expect(stored.en.content).toBe(
      '<h2>Heading</h2><p>Text <strong>bold</strong></p><span>bad</span>' +
        '<a href="https://example.com" rel="noopener noreferrer" target="_blank">good</a>',
    )
    expect(row!.logo).toBe('/v1/api/forex/logo/EURUSD.svg')

    // Edits are sanitized too and keep the creation time.
    const edited = await saveNews(app.db, {
      id,
      categoryId: 1,
      logo: '',
      published: true,
      texts: { en: { title: 'Edited', desc: '', content: '<p onmouseover="x">Now</p>' } },
    })
    expect(edited).toEqual({ ok: true, value: { id } })
    const [after] = await app.db.select().from(news).where(eq(news.id, id))
    expect((after!.texts as any).en).toEqual({ title: 'Edited', desc: '', content: '<p>Now</p>' })
    expect(after!.createdAt.getTime()).toBe(row!.createdAt.getTime())

    const refusals = [
      { texts: { en: { title: '', desc: '', content: '<p>body</p>' } } },
      { texts: { en: { title: 'Title', desc: '', content: '<script>only a script</script>' } } },
      { texts: { en: { title: '<script>x</script>', desc: '', content: '<p>body</p>' } } },
      { texts: {} },
    ]
    for (const input of refusals)
      expect(await saveNews(app.db, { categoryId: 1, logo: '', published: true, ...input })).toEqual({
        ok: false,
        reason: 'invalid_input',
        params: { field: 'texts' },
      })
    for (const logo of [
      'javascript:alert(1)',
      'data:image/svg+xml,<svg onload=alert(1)>',
      '//evil.example/x.png',
      'x" onerror="y',
    ])
      expect(
        await saveNews(app.db, { categoryId: 1, logo, published: true, texts: { en: article('T') } }),
      ).toMatchObject({
        ok: false,
        params: { field: 'logo' },
      })
    expect(
      await saveNews(app.db, {
        id: 999999,
        categoryId: 1,
        logo: '',
        published: true,
        texts: { en: article('T') },
      }),
    ).toEqual({
      ok: false,
      reason: 'news_not_found',
    })
    expect(await deleteNews(app.db, id)).toEqual({ ok: true, value: null })
    expect(await deleteNews(app.db, id)).toEqual({ ok: false, reason: 'news_not_found' })
  })

  it('sanitizes a row written by hand again when it is served', async () => {
    const [row] = await app.db
      .insert(news)
      .values({
        logo: 'javascript:alert(1)',
        texts: {
          en: {
            title: '<img src=x onerror=alert(1)>Hand written',
            desc: 42,
            content:
              '<p>Kept</p><img src=x onerror="alert(1)"><script>alert(1)</script><a href="&#106;avascript:alert(1)">x</a>',
          },
          zz: { title: 'unknown language' },
        },
      })
      .returning({ id: news.id })
    const { body } = await app.get(`/api/news/info?id=${row!.id}`)
    expect(body.data).toMatchObject({
      title: 'Hand written',
      desc: '',
      logo: '',
      content: '<p>Kept</p><span>x</span>',
    })
    const broken = await app.db.insert(news).values({ texts: 'not an object' }).returning({ id: news.id })
    const answer = await app.get(`/api/news/info?id=${broken[0]!.id}`)
    expect(answer.body).toMatchObject({ code: 1, data: { title: '', content: '' } })
    await app.db.delete(news).where(sql`${news.id} in (${row!.id}, ${broken[0]!.id})`)
  })

  it('seeds only a fresh install: never again after staff deleted some or all articles', async () => {
    const before = (await app.get('/api/news/list')).body.data
    expect(before.total).toBe(4)
    await deleteNews(app.db, before.data[1].id)
    await seedNews(app.db)
    expect((await app.get('/api/news/list')).body.data.total).toBe(3)
    await app.db.delete(news)
    await seedNews(app.db)
    expect((await app.get('/api/news/list')).body.data.total).toBe(0)
  })
})
