/// <reference lib="dom" />
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { inArray } from 'drizzle-orm'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../apps/server/test/harness.ts'
import { news } from '../apps/server/src/db/schema.ts'
import { deleteNews, saveNews } from '../apps/server/src/news/news.ts'
import {
  ROOT,
  WEB_DIST,
  browserAvailable,
  buildWebOnce,
  openPhonePage,
  openScreen,
  settledScreenshot,
  BROWSER_DRIVERS,
} from './platform.ts'

/*
 * News in the phone browser (issue 10): the seeded articles list, more load as the list scrolls,
 * an article shows its formatted HTML, and hostile HTML (saved through saveNews, or written into
 * the table by hand) runs nothing. The app runs in this process so the test can call saveNews.
 */

const SCREENS = join(ROOT, '.tmp/screens')
const HOSTILE =
  '<p>Safe text</p><p><a href="javascript:window.__newsHacked=1">bad link</a></p>' +
  '<p><a href="https://example.com/">good link</a></p>' +
  '<img src=x onerror="window.__newsHacked=1"><script>window.__newsHacked=1</script>' +
  '<svg onload="window.__newsHacked=1"><script>window.__newsHacked=1</script></svg>' +
  // Unclosed, as attackers send it: everything after it is inside <math> and goes with it.
  '<math><mtext><table><mglyph><style><img src=x onerror="window.__newsHacked=1">'

describe.skipIf(!browserAvailable()).each(BROWSER_DRIVERS)('news in the phone browser on %s', (driver) => {
  let app: TestApp
  let phone: Awaited<ReturnType<typeof openPhonePage>>
  let page: Page
  const dialogs: string[] = []

  beforeAll(async () => {
    mkdirSync(SCREENS, { recursive: true })
    buildWebOnce()
    app = await startTestApp(driver, { historyCandles: 5, app: { webDist: WEB_DIST } })
    phone = await openPhonePage()
    page = phone.page
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message())
      void dialog.dismiss()
    })
    await page.goto(`${app.base}/`)
  })
  afterAll(async () => {
    await phone?.close()
    await app?.close()
  })

  const open = (path: string, lang = 'en') => openScreen(page, `${app.base}${path}`, lang)

  /** A screenshot once toasts and spinners have gone. */
  const shot = (name: string) => settledScreenshot(page, join(SCREENS, `${name}.png`))

  const rows = () => page.getByTestId('news-row')

  it('lists the seeded articles, newest first, in the chosen language', async () => {
    await open('/news')
    await expect.poll(() => rows().count()).toBe(4)
    const titles = await page.locator('.news-row-title').allInnerTexts()
    expect(titles[0]).toBe('How margin and leverage work here')
    expect(titles).toContain('Trading hours: when each market is open')
    await expect.poll(() => page.getByTestId('news-no-more').count()).toBe(1)
    if (driver === 'pglite') {
      await shot('news-list-en')
      await open('/news', 'hk')
      await expect
        .poll(() => page.locator('.news-row-title').first().innerText())
        .toBe('本平台的保證金與槓桿如何運作')
      await shot('news-list-hk')
      await open('/news', 'ar')
      await expect.poll(() => rows().count()).toBe(4)
      expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl')
      await shot('news-list-ar')
    }
  })

  it('shows an article with its formatted HTML and opens it from the list', async () => {
    await open('/news')
    await rows().first().click()
    await page.waitForURL((url) => url.pathname === '/news/detail' && url.searchParams.has('id'))
    const content = page.getByTestId('news-content')
    await content.waitFor()
    expect(await page.locator('.news-article-title').innerText()).toBe('How margin and leverage work here')
    expect(await content.locator('h2').count()).toBeGreaterThan(2)
    expect(await content.locator('ul li').count()).toBeGreaterThan(2)
    expect(await content.locator('strong').count()).toBeGreaterThan(0)
    expect(await content.locator('blockquote').count()).toBeGreaterThan(0)
    const images = await content.evaluate((el) => getComputedStyle(el).lineHeight)
    expect(parseFloat(images)).toBeGreaterThan(20)
    const id = new URL(page.url()).searchParams.get('id')
    if (driver === 'pglite') {
      await shot('news-detail-en')
      for (const lang of ['hk', 'ar']) {
        await open(`/news/detail?id=${id}`, lang)
        await page.getByTestId('news-content').waitFor()
        await shot(`news-detail-${lang}`)
      }
      // Further down the article: lists and the closing quote.
      await page.locator('.news-content blockquote').last().scrollIntoViewIfNeeded()
      await shot('news-detail-end-ar')
    }
    // The back arrow returns to the list.
    await open('/news')
    await rows().first().click()
    await page.getByTestId('news-content').waitFor()
    await page.locator('.page-nav-back').click()
    await page.waitForURL((url) => url.pathname === '/news')
  })

  it('loads more articles as the list scrolls, until all are shown', async () => {
    const extra: number[] = []
    const oldest = Date.now() - 86_400_000
    for (let i = 0; i < 23; i++) {
      const saved = await saveNews(
        app.db,
        {
          categoryId: 1,
          logo: '',
          published: true,
          texts: {
            en: {
              title: `Market note ${i + 1}`,
              desc: `Summary of note ${i + 1}`,
              content: `<p>Note ${i + 1}</p>`,
            },
          },
        },
        new Date(oldest - i * 60_000),
      )
      if (!saved.ok) throw new Error(saved.reason)
      extra.push(saved.value.id)
    }
    const pagesAsked: string[] = []
    const onRequest = (request: { url(): string }) => {
      const url = new URL(request.url())
      if (url.pathname === '/api/news/list') pagesAsked.push(url.searchParams.get('page') ?? '')
    }
    page.on('request', onRequest)
    try {
      await open('/news')
      await expect.poll(() => rows().count()).toBeGreaterThanOrEqual(10)
      for (let i = 0; i < 10 && (await rows().count()) < 27; i++) {
        await page.getByTestId('news-row').last().scrollIntoViewIfNeeded()
        await page.mouse.wheel(0, 3000)
        await page.waitForTimeout(300)
      }
      await expect.poll(() => rows().count()).toBe(27)
      await expect.poll(() => page.getByTestId('news-no-more').count()).toBe(1)
      expect(await page.locator('.news-row-title').last().innerText()).toBe('Market note 23')
      // Page by page, ten at a time, and nothing asked for once the loaded count reached the total.
      expect(pagesAsked).toEqual(['1', '2', '3'])
    } finally {
      page.off('request', onRequest)
      for (const id of extra) await deleteNews(app.db, id)
    }
  })

  it('runs nothing from hostile HTML, whether saved by staff or written into the table by hand', async () => {
    const saved = await saveNews(app.db, {
      categoryId: 1,
      logo: '',
      published: true,
      texts: {
        en: { title: 'Hostile <img src=x onerror="window.__newsHacked=1">', desc: '', content: HOSTILE },
      },
    })
    if (!saved.ok) throw new Error(saved.reason)
    const [raw] = await app.db
      .insert(news)
      .values({ texts: { en: { title: 'Raw row', desc: '', content: HOSTILE } } })
      .returning({ id: news.id })
    const pageErrors = phone.pageErrors.length
    try {
      for (const id of [saved.value.id, raw!.id]) {
        await open(`/news/detail?id=${id}`)
        const content = page.getByTestId('news-content')
        await content.waitFor()
        expect(await content.innerText()).toContain('Safe text')
        expect(await content.locator('script, svg, math, style, iframe, [onerror], [onload]').count()).toBe(0)
        expect(await content.locator('[href^="javascript" i]').count()).toBe(0)
        const good = content.locator('a', { hasText: 'good link' })
        expect(await good.getAttribute('target')).toBe('_blank')
        expect(await good.getAttribute('rel')).toBe('noopener noreferrer')
        await content.getByText('bad link').click()
        await page.waitForTimeout(500)
        expect(
          await page.evaluate(() => (window as unknown as { __newsHacked?: number }).__newsHacked),
        ).toBeUndefined()
      }
      expect(phone.pageErrors.slice(pageErrors)).toEqual([])
      expect(dialogs).toEqual([])
    } finally {
      await app.db.delete(news).where(inArray(news.id, [saved.value.id, raw!.id]))
    }
  })

  it('says so clearly for a bad link or an article that is gone', async () => {
    for (const id of ['abc', '0', '-1', '99999999999', '']) {
      await open(`/news/detail?id=${id}`)
      await expect.poll(() => page.getByTestId('news-missing').innerText()).toContain('Invalid link')
    }
    await open('/news/detail?id=999999')
    await expect.poll(() => page.getByTestId('news-missing').innerText()).toContain('Article not found')
    if (driver === 'pglite') await shot('news-missing-en')
    await page.getByTestId('news-missing').getByRole('button').click()
    await page.waitForURL((url) => url.pathname === '/news')
    expect(phone.pageErrors).toEqual([])
  })
  it('shows a retry when the list cannot load, and an empty state when there is no news', async () => {
    await page.route('**/api/news/list**', (route) => route.abort())
    try {
      await open('/news')
      await expect.poll(() => page.locator('.notice-state[role=alert]').count()).toBe(1)
      if (driver === 'pglite') await shot('news-failed-en')
    } finally {
      await page.unroute('**/api/news/list**')
    }
    await page.locator('.notice-state button').click()
    await expect.poll(() => rows().count()).toBe(4)

    await app.db.delete(news)
    await open('/news')
    await expect.poll(() => page.getByTestId('news-empty').innerText()).toContain('No news yet')
    if (driver === 'pglite') await shot('news-empty-en')
    expect(phone.pageErrors).toEqual([])
  })
})
