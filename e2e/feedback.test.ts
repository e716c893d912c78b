/// <reference lib="dom" />
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { chromium, type Browser, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerAndLogin } from '../apps/server/test/accounts.ts'
import { startTestApp, type TestApp } from '../apps/server/test/harness.ts'
import {
  ADMIN_DIST,
  DESKTOP,
  adminShot,
  buildAdminOnce,
  openBackOffice,
  pickOption,
} from './admin-platform.ts'
import {
  BROWSER_DRIVERS,
  CHROMIUM,
  CHROMIUM_ARGS,
  SCREENS,
  WEB_DIST,
  browserAvailable,
  buildWebOnce,
  openPhonePage,
  openScreen,
  settledScreenshot,
  signInPhone,
} from './platform.ts'
import { join } from 'node:path'

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

/** Serious and critical findings of axe-core's WCAG 2 A and AA rules on the page as it is now. */
async function seriousFindings(page: Page): Promise<string[]> {
  await page.evaluate(axeSource)
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            o: object,
          ) => Promise<{ violations: { id: string; impact: string | null; nodes: unknown[] }[] }>
        }
      }
    ).axe
    const result = await axe.run({ runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] } })
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.nodes.length})`)
  })
}

/*
 * Feedback from both ends (issue 25): a user sends feedback from /feedback at 390x844 and sees it
 * listed; support finds it in the back office by status and topic, marks it answered with an
 * answer; the phone shows the answer under the feedback (in English, Traditional Chinese and
 * Arabic, right to left).
 */
describe.skipIf(!browserAvailable()).each(BROWSER_DRIVERS)('feedback on %s', (driver) => {
  let app: TestApp
  let browser: Browser
  let desk: Page
  let phone: Awaited<ReturnType<typeof openPhonePage>>
  let user: Awaited<ReturnType<typeof registerAndLogin>>
  const deskErrors: string[] = []
  const MESSAGE = 'The chart stops updating after a minute.\nIt starts again when I switch instruments.'

  beforeAll(async () => {
    buildAdminOnce()
    buildWebOnce()
    app = await startTestApp(driver, { historyCandles: 5, app: { adminDist: ADMIN_DIST, webDist: WEB_DIST } })
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS })
    desk = await (await browser.newContext({ viewport: DESKTOP, locale: 'en-GB' })).newPage()
    desk.on('pageerror', (error) => deskErrors.push(error.message))
    user = await registerAndLogin(app)
    phone = await openPhonePage()
    await signInPhone(phone.page, app.base, user.token)
  }, 180_000)
  afterAll(async () => {
    await phone?.close()
    await browser?.close()
    await app?.close()
  })

  const shot = (name: string) => settledScreenshot(phone.page, join(SCREENS, `feedback-${name}.png`))

  it('a user sends feedback at 390x844 and sees it listed', async () => {
    const { page } = phone
    // Reached from the user centre's entry, which names where the user came from.
    await openScreen(page, `${app.base}/user`, 'en', true)
    await page.getByTestId('menu-feedback').click()
    await page.getByTestId('feedback-empty').waitFor()
    expect(new URL(page.url()).search).toBe('?from=%2Fuser')
    await shot('empty-en')

    // Refused before sending: no topic chosen.
    await page.getByTestId('feedback-text').fill(MESSAGE)
    await page.getByTestId('feedback-submit').click()
    await page.getByText('Please choose a topic').waitFor()

    await page.getByTestId('feedback-category-bug').check()
    await page.getByTestId('feedback-contact').fill('reply@example.com')
    await shot('form-en')
    await page.getByTestId('feedback-submit').click()
    await page.getByTestId('feedback-sent').waitFor()
    const entry = page.getByTestId('feedback-entry')
    await expect.poll(() => entry.count()).toBe(1)
    expect(await entry.getByTestId('feedback-entry-text').innerText()).toBe(MESSAGE)
    expect(await entry.getByTestId('feedback-status').innerText()).toBe('Sent')
    await shot('sent-en')
    expect(phone.pageErrors).toEqual([])
  })

  it('support finds it by status and topic, answers it, and the phone shows the answer', async () => {
    await openBackOffice(app, desk, 'support', 'Mia Chan')
    await desk.getByTestId('nav-feedback').click()
    await desk.getByTestId('feedback-page').waitFor()
    await pickOption(desk, desk.getByTestId('feedback-filter-status'), 'New')
    await pickOption(desk, desk.getByTestId('feedback-filter-category'), 'Problem')
    const rows = desk.getByTestId('feedback-table').locator('tbody tr.ant-table-row')
    await expect.poll(() => rows.count()).toBe(1)
    await expect.poll(() => rows.first().innerText()).toContain(String(user.user.uid))
    await adminShot(desk, 'feedback-list')

    await rows.first().getByRole('button').click()
    const drawer = desk.getByTestId('feedback-drawer')
    await drawer.waitFor()
    expect(await drawer.getByTestId('feedback-detail-text').innerText()).toBe(MESSAGE)
    expect(await drawer.getByTestId('feedback-contact').innerText()).toContain('reply@example.com')
    expect(await drawer.innerText()).toContain('/user')
    await drawer.getByTestId('feedback-status-choice').getByText('Answered').click()
    // Answered needs an answer: saving waits for one.
    expect(await desk.getByTestId('feedback-save').isDisabled()).toBe(true)
    await drawer
      .getByTestId('feedback-answer')
      .fill('Thank you. We found the cause and fixed it; please reload the app.')
    await adminShot(desk, 'feedback-drawer')
    await desk.getByTestId('feedback-save').click()
    await desk.getByText('Saved').first().waitFor()
    await desk.keyboard.press('Escape')
    // The filter still says New: the answered one has left the list.
    await expect.poll(() => rows.count()).toBe(0)
    expect(deskErrors).toEqual([])

    const { page } = phone
    for (const lang of ['en', 'hk', 'ar']) {
      await openScreen(page, `${app.base}/feedback`, lang, true)
      const answer = page.getByTestId('feedback-answer')
      await answer.waitFor()
      expect(await answer.innerText()).toContain('We found the cause and fixed it')
      await page.getByTestId('feedback-entry').scrollIntoViewIfNeeded()
      await shot(`answered-${lang}`)
      expect({ lang, findings: await seriousFindings(page) }).toEqual({ lang, findings: [] })
    }
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl')
    expect(await page.getByTestId('feedback-status').innerText()).toBe('تم الرد')
    await openScreen(page, `${app.base}/feedback`, 'hk', true)
    expect(await page.getByTestId('feedback-status').innerText()).toBe('已回覆')
    expect(phone.pageErrors).toEqual([])
  })
})
