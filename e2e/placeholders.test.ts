/// <reference lib="dom" />
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { LANGUAGES } from '@tp/contracts/light'
import { ROOT, browserAvailable, platformWithPhone } from './platform.ts'

/**
 * The placeholders of the visible fields whose text is wider than the field leaves it (beside the
 * "Send code" button or the eye icon), measured in the field's own font.
 */
function cutPlaceholders(): { placeholder: string; needPx: number; havePx: number }[] {
  const cut: { placeholder: string; needPx: number; havePx: number }[] = []
  for (const input of Array.from(document.querySelectorAll<HTMLInputElement>('input[placeholder]'))) {
    if (!input.placeholder || input.offsetParent === null) continue
    const style = getComputedStyle(input)
    const probe = document.createElement('span')
    probe.style.font = style.font
    probe.style.whiteSpace = 'pre'
    probe.style.position = 'absolute'
    probe.textContent = input.placeholder
    document.body.append(probe)
    const needPx = probe.getBoundingClientRect().width
    probe.remove()
    const havePx = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)
    if (needPx > havePx + 0.5) cut.push({ placeholder: input.placeholder, needPx, havePx })
  }
  return cut
}

describe.skipIf(!browserAvailable())('placeholders at 390 px', () => {
  const shared = platformWithPhone(join(ROOT, '.tmp/screens'))

  it('are whole on the sign-up and reset forms in every language', async () => {
    const { page, base } = shared
    const cut: Record<string, unknown> = {}
    for (const { code, htmlLang } of LANGUAGES) {
      await page.goto(`${base}/`)
      await page.evaluate((language) => localStorage.setItem('lang', language), code)
      for (const path of ['/register', '/forgot']) {
        await page.goto(`${base}${path}`)
        await page.locator('input[placeholder]').first().waitFor()
        await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(htmlLang)
        const found = await page.evaluate(cutPlaceholders)
        if (found.length > 0) cut[`${code} ${path}`] = found
      }
    }
    expect(cut).toEqual({})
  })
})
