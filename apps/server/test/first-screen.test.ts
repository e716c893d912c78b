import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { MarketStatus, SHELL_TEXTS_FILE, type Instrument } from '@tp/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  CONTENT_END,
  CONTENT_START,
  BRAND_NAME_SLOT,
  FIRST_SCREEN_ROWS,
  withBrandName,
  withPageLanguage,
} from '../src/web-shell/first-screen-html.ts'
import { setSetting } from '../src/settings/settings.ts'
import { DRIVERS, startTestApp, type TestApp } from './harness.ts'
import { rawGet } from './raw-http.ts'

/*
 * Issue 12, an instant first screen: `/` and `/trade` come with their first prices written into the
 * app shell by the server (decision 017), in the reader's language, from the live quotes only.
 */

const SKELETON = '<div class="boot-row"><i></i></div>'
const PAGE = `<!doctype html><html><head><title>T</title></head><body>${BRAND_NAME_SLOT}<div class="boot-list">${CONTENT_START}${SKELETON}${CONTENT_END}</div></body></html>`
/** The build's shell texts (SHELL_TEXTS_FILE), two languages of them. */
const SHELL_TEXTS = { hk: { c: 'hk', t: ['行情'] }, en: { c: 'en', t: ['Market'] } }
/** The page as served with no first screen: in `lang`, with its shell texts when the build has them. */
const served = (lang: 'hk' | 'en' | 'de', brand = '') =>
  withPageLanguage(
    withBrandName(PAGE, brand),
    lang,
    lang === 'de' ? undefined : JSON.stringify(SHELL_TEXTS[lang]),
  )

const rows = (html: string) => html.match(/class="boot-row boot-quote-row"/g)?.length ?? 0
const codes = (html: string) => [...html.matchAll(/<bdi class="boot-code">([^<]*)<\/bdi>/g)].map((m) => m[1])

describe.each(DRIVERS)('the first screen in the page on %s', (driver) => {
  let app: TestApp
  let dist: string
  let list: Instrument[]

  const page = async (path: string, headers: Record<string, string> = {}) => {
    const answer = await rawGet(app.base, path, headers)
    const body =
      answer.headers['content-encoding'] === 'br'
        ? brotliDecompressSync(answer.body).toString()
        : answer.body.toString()
    return { answer, body }
  }

  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'web-dist-'))
    await writeFile(join(dist, 'index.html'), PAGE)
    await writeFile(join(dist, SHELL_TEXTS_FILE), JSON.stringify(SHELL_TEXTS))
    // No stored history: no instrument has a price until the test's ticks.
    app = await startTestApp(driver, { historyCandles: 0, app: { webDist: dist } })
    list = (await app.get('/v1/api/forex/trade_list')).body.data as Instrument[]
  })
  afterAll(async () => {
    await app?.close()
    await rm(dist, { recursive: true, force: true })
  })

  it('keeps the skeleton while the server has no live price: nothing made up', async () => {
    for (const path of ['/', '/trade']) {
      const { answer, body } = await page(path)
      expect(answer.status).toBe(200)
      expect(body).toBe(served('hk'))
    }
  })

  it("writes / 's first rows from the live quotes, in trade_list's order, never cached", async () => {
    expect(list.length).toBeGreaterThan(FIRST_SCREEN_ROWS)
    list.forEach((item, index) => app.tick({ code: item.Code, bid: 100 + index + 0.5, ask: 101 + index }))
    const { answer, body } = await page('/', { 'accept-encoding': 'br' })
    expect(answer.headers['cache-control']).toBe('no-cache')
    expect(answer.headers['content-type']).toMatch(/^text\/html/)
    expect(answer.headers['content-encoding']).toBe('br')
    expect(rows(body)).toBe(FIRST_SCREEN_ROWS)
    expect(codes(body)).toEqual(list.slice(0, FIRST_SCREEN_ROWS).map((item) => item.ShowCode))
    expect(body).not.toContain(SKELETON)
    expect(body).toContain('data-lang="hk"')
    // The first instrument's bid, with its own decimals.
    const first = list[0] as Instrument
    expect(body).toContain(`>${(100.5).toFixed(first.PricePrecision)}<`)
  })

  it('writes names and figures in the language of the lang cookie, Traditional Chinese without one', async () => {
    const hk = (await app.get('/v1/api/forex/trade_list', { headers: { lang: 'hk' } })).body
      .data as Instrument[]
    const en = (await app.get('/v1/api/forex/trade_list', { headers: { lang: 'en' } })).body
      .data as Instrument[]
    const plain = (await page('/')).body
    expect(plain).toContain(`>${hk[0]?.NameShowTrans}<`)
    const english = (await page('/', { cookie: 'theme=dark; lang=en' })).body
    expect(english).toContain('data-lang="en"')
    expect(english).toContain(`>${en[0]?.NameShowTrans}<`)
    // German writes a decimal comma.
    const german = (await page('/', { cookie: 'lang=de' })).body
    expect(german).toContain('data-lang="de"')
    expect(german).toMatch(/boot-last num">\d[\d.]*,\d+</)
    // A forged cookie is not a language.
    for (const cookie of ['lang=xx', 'lang="><b>', 'lang=en<b>', 'xlang=en', 'lang=en%3Cb%3E']) {
      const forged = (await page('/', { cookie })).body
      expect(forged).toContain('data-lang="hk"')
      expect(forged).not.toContain('<b>')
    }
  })

  it("writes a chosen category's rows, and leaves the favourites (kept on the phone) to the app", async () => {
    const category = list[list.length - 1]?.CategoryId as number
    const { body } = await page(`/?category=${category}`)
    const expected = list.filter((item) => item.CategoryId === category).slice(0, FIRST_SCREEN_ROWS)
    expect(codes(body)).toEqual(expected.map((item) => item.ShowCode))
    for (const choice of ['favourites', '0', '-1', '1.5', 'abc', '99999']) {
      expect((await page(`/?category=${choice}`)).body).toBe(served('hk'))
    }
  })

  it("writes /trade's quote of the instrument in the address, else the first", async () => {
    const [first, other] = list as [Instrument, Instrument]
    const plain = (await page('/trade')).body
    expect(plain).toContain(`data-instrument="${first.Id}"`)
    expect(codes(plain)).toEqual([first.ShowCode])
    expect(plain).toContain(`boot-quote-last num change-`)
    const chosen = (await page(`/trade?id=${other.Id}`)).body
    expect(chosen).toContain(`data-instrument="${other.Id}"`)
    expect(chosen).toContain(`>${(101.5).toFixed(other.PricePrecision)}<`)
    for (const id of ['999999', 'abc', '']) expect((await page(`/trade?id=${id}`)).body).toBe(served('hk'))
    // A repeated parameter reads as its first value, as the app's URLSearchParams.get does.
    expect((await page(`/trade?id=${other.Id}&id=${first.Id}`)).body).toContain(
      `data-instrument="${other.Id}"`,
    )
  })

  it('writes no price once the feed has gone quiet for longer than the engine trades at', async () => {
    const btc = list.find((item) => item.Code === 'BTCUSD') as Instrument
    app.tick({ code: 'BTCUSD', bid: 65_000, ask: 65_030 })
    expect((await page(`/trade?id=${btc.Id}`)).body).toContain(`data-instrument="${btc.Id}"`)
    app.clock.advance(app.desk.view.riskSettings().maxQuoteAgeMs + 1)
    const now = (await app.get('/v1/api/forex/trade_list')).body.data as Instrument[]
    // Bitcoin trades around the clock: its old quote is not shown as live.
    expect(now.find((item) => item.Code === 'BTCUSD')?.MarketStatus).toBe(MarketStatus.Open)
    expect((await page(`/trade?id=${btc.Id}`)).body).toBe(served('hk'))
    app.tick({ code: 'BTCUSD', bid: 65_100, ask: 65_130 })
    expect((await page(`/trade?id=${btc.Id}`)).body).toContain(`data-instrument="${btc.Id}"`)
  })

  it("serves every other page of the app in the reader's language, with its shell texts and the site's name", async () => {
    const brand = 'Meridian Markets'
    for (const path of ['/order', '/mine/invite?x=1', '/login']) {
      const { answer, body } = await page(path, { 'accept-language': 'en-GB,en;q=0.9,zh-HK;q=0.5' })
      expect(answer.status).toBe(200)
      expect(answer.headers['cache-control']).toBe('no-cache')
      expect(answer.headers.vary).toMatch(/accept-language/)
      expect(body).toBe(served('en', brand))
      expect((await page(path)).body).toBe(served('hk', brand))
      expect((await page(path, { cookie: 'lang=en' })).body).toBe(served('en', brand))
      // A language the build has no shell texts for: its name, and the script's default texts.
      expect((await page(path, { cookie: 'lang=de' })).body).toBe(served('de', brand))
    }
    expect(served('en')).toContain('<meta name="shell-texts" content="{&#34;c&#34;:&#34;en&#34;')
    // Compressed as the browser takes it, and said to vary with it.
    for (const encoding of ['br', 'gzip']) {
      const { answer, body } = await page('/order', { 'accept-encoding': encoding, cookie: 'lang=en' })
      expect(answer.headers['content-encoding']).toBe(encoding)
      expect(answer.headers.vary).toBe('cookie, accept-language, accept-encoding')
      const text = encoding === 'br' ? body : gunzipSync(answer.body).toString()
      expect(text).toBe(served('en', brand))
    }
    // Staff's site title, escaped; none set: the app's own name follows with the app.
    await setSetting(app.db, 'site_title', 'Tom & <Jerry>')
    expect((await page('/login')).body).toContain(
      '<span class="boot-auth-name">Tom &#38; &#60;Jerry&#62;</span>',
    )
    await setSetting(app.db, 'site_title', ' ')
    expect((await page('/login')).body).toBe(served('hk'))
    await setSetting(app.db, 'site_title', brand)
  })

  it('serves index.html itself, the API and the files as they are', async () => {
    expect((await page('/index.html')).body).toBe(PAGE)
    expect((await page('/shell-texts.json')).body).toBe(JSON.stringify(SHELL_TEXTS))
    expect((await rawGet(app.base, '/api/no-such-call', {})).status).toBe(404)
  })
})
