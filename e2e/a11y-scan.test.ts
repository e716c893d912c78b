/// <reference lib="dom" />
import { readFileSync, mkdirSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { startTestApp, type TestApp } from '../apps/server/test/harness.ts'
import { SCREENS } from '../apps/web/src/app/screens.ts'
import { BROWSER_DRIVERS, ROOT, WEB_DIST, browserAvailable, buildWebOnce, openPhonePage } from './platform.ts'

/**
 * An axe-core scan (WCAG 2 A and AA rules) of every route, signed in with a demo account, in light
 * and dark. On demand (`A11Y_SCAN=1`, optionally `A11Y_LANGS=hk,ar`): it writes what it finds to
 * .tmp/a11y/<lang>-<theme>.json and fails on serious or critical findings.
 */
const LANGUAGES = (process.env.A11Y_LANGS ?? 'hk').split(',')
const THEMES = ['light', 'dark'] as const
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

interface Finding {
  id: string
  impact: string | null
  help: string
  targets: string[]
}

describe.skipIf(!process.env.A11Y_SCAN || !browserAvailable())('accessibility of every screen', () => {
  let app: TestApp
  let phone: Awaited<ReturnType<typeof openPhonePage>>
  let page: Page

  beforeAll(async () => {
    mkdirSync(join(ROOT, '.tmp/a11y'), { recursive: true })
    buildWebOnce()
    app = await startTestApp(BROWSER_DRIVERS[0], { historyCandles: 50, app: { webDist: WEB_DIST } })
    phone = await openPhonePage()
    page = phone.page
    await page.goto(`${app.base}/login`)
    await page.getByTestId('login-demo').click()
    await page.waitForURL((url) => url.pathname === '/')
  })
  afterAll(async () => {
    await phone?.close()
    await app?.close()
  })

  it.each(LANGUAGES.flatMap((lang) => THEMES.map((theme) => [lang, theme] as const)))(
    'in %s, %s: no serious finding on any route',
    async (lang, theme) => {
      await page.evaluate(
        ([code, chosen]) => {
          localStorage.setItem('lang', code)
          localStorage.setItem('theme', chosen)
        },
        [lang, theme] as const,
      )
      const report: Record<string, Finding[]> = {}
      for (const { path } of SCREENS) {
        await page.goto(`${app.base}${path}`)
        await page.waitForLoadState('networkidle')
        await page.waitForTimeout(300)
        // Through the debugger protocol: the page's security policy refuses an inline script.
        await page.evaluate(axeSource)
        const findings = await page.evaluate(async () => {
          const axe = (
            window as unknown as {
              axe: {
                run: (o: object) => Promise<{
                  violations: {
                    id: string
                    impact: string | null
                    help: string
                    nodes: { target: string[] }[]
                  }[]
                }>
              }
            }
          ).axe
          const result = await axe.run({ runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] } })
          return result.violations.map((v) => ({
            id: v.id,
            impact: v.impact,
            help: v.help,
            targets: v.nodes.slice(0, 6).map((n) => n.target.join(' ')),
          }))
        })
        if (findings.length) report[path] = findings
      }
      writeFileSync(join(ROOT, `.tmp/a11y/${lang}-${theme}.json`), JSON.stringify(report, null, 2))
      const serious = Object.entries(report).flatMap(([path, list]) =>
        list.filter((f) => f.impact === 'serious' || f.impact === 'critical').map((f) => `${path} ${f.id}`),
      )
      expect(serious).toEqual([])
    },
  )
})
