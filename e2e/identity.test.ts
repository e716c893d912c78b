/// <reference lib="dom" />
import { desc, eq } from 'drizzle-orm'
import type { Page } from 'playwright-core'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerAndLogin } from '../apps/server/test/accounts.ts'
import type { TestApp } from '../apps/server/test/harness.ts'
import { identityChecks } from '../apps/server/src/db/schema.ts'
import { reviewIdentityCheck } from '../apps/server/src/identity/review.ts'
import {
  browserAvailable,
  signInPhone,
  BROWSER_DRIVERS,
  type AppWithPhone,
  startAppWithPhone,
} from './platform.ts'

/*
 * Identity verification in the phone browser (issue 10): a real user uploads both sides of an ID
 * and submits (waiting), staff reject with a reason (shown above the form), the user submits again
 * and staff approve (finished). Staff decisions are the server's own function, so the app runs in
 * this process (the server tests' harness, serving the built web app).
 */

/** A landscape picture that looks like one side of an ID card (the upload check needs a real image). */
function cardImage(side: 'front' | 'back'): Promise<Buffer> {
  const face =
    side === 'front'
      ? '<circle cx="90" cy="110" r="38" fill="#9fb3d9"/><rect x="150" y="70" width="170" height="14" rx="7" fill="#c3cfe6"/><rect x="150" y="104" width="130" height="14" rx="7" fill="#c3cfe6"/><rect x="150" y="138" width="150" height="14" rx="7" fill="#c3cfe6"/>'
      : '<rect x="30" y="60" width="300" height="14" rx="7" fill="#c3cfe6"/><rect x="30" y="96" width="300" height="14" rx="7" fill="#c3cfe6"/><rect x="30" y="150" width="300" height="24" fill="#222"/>'
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="360" height="225"><rect width="360" height="225" rx="16" fill="#e8eef9"/>${face}</svg>`
  return sharp(Buffer.from(svg)).jpeg().toBuffer()
}

describe.skipIf(!browserAvailable()).each(BROWSER_DRIVERS)(
  'identity verification in the phone browser on %s',
  (driver) => {
    let app: TestApp
    let appAndPhone: AppWithPhone
    let page: Page
    let userId: number

    beforeAll(async () => {
      appAndPhone = await startAppWithPhone(driver, { historyCandles: 20 })
      app = appAndPhone.app
      page = appAndPhone.page
      const user = await registerAndLogin(app)
      userId = user.user.id as number
      await signInPhone(page, app.base, user.token)
    })
    afterAll(async () => {
      await appAndPhone?.close()
    })

    const open = (path: string, lang = 'en') => appAndPhone.open(path, lang)

    /** A screenshot once toasts and spinners have gone. */
    const shot = (name: string) => appAndPhone.shot(name)

    async function pickImage(side: 'front' | 'back') {
      await page.locator(`[data-testid="identity-${side}"] input[type="file"]`).setInputFiles({
        name: `${side}.jpg`,
        mimeType: 'image/jpeg',
        buffer: await cardImage(side),
      })
      await page.locator(`[data-testid="identity-${side}"] .adm-image-uploader-cell img`).waitFor()
      // The preview shows at once; the side counts once its upload has finished (the mask is gone).
      await page
        .locator(`[data-testid="identity-${side}"] .adm-image-uploader-cell-mask`)
        .waitFor({ state: 'detached' })
    }

    async function fillAndSubmit(name: string, cardId: string, screenshot?: string) {
      await pickImage('front')
      await pickImage('back')
      await page.getByTestId('identity-name').fill(name)
      await page.getByTestId('identity-card-id').fill(cardId)
      if (screenshot) await shot(screenshot)
      await page.getByTestId('identity-submit').click()
      await expect.poll(() => page.getByTestId('identity-status').getAttribute('data-status')).toBe('waiting')
    }

    const latestCheck = async () =>
      (
        await app.db
          .select()
          .from(identityChecks)
          .where(eq(identityChecks.userId, userId))
          .orderBy(desc(identityChecks.id))
          .limit(1)
      )[0]!

    it('asks for both images, the name and the ID number before sending', async () => {
      await open('/mine/auth')
      await page.getByTestId('identity-form').waitFor()
      for (const lang of ['hk', 'en', 'ar']) {
        await open('/mine/auth', lang)
        await shot(`identity-form-${lang}`)
      }
      await open('/mine/auth')
      await page.getByTestId('identity-submit').click()
      await expect
        .poll(() => page.locator('.adm-toast-main').innerText())
        .toBe('Please upload both sides of your ID')
      await pickImage('front')
      await pickImage('back')
      await page.getByTestId('identity-submit').click()
      await expect.poll(() => page.locator('.adm-toast-main').innerText()).toBe('Please enter your name')
      await page.getByTestId('identity-name').fill('Chan Tai Man')
      await page.getByTestId('identity-submit').click()
      await expect.poll(() => page.locator('.adm-toast-main').innerText()).toBe('Please enter your ID number')
      expect(
        await app.db.select().from(identityChecks).where(eq(identityChecks.userId, userId)),
      ).toHaveLength(0)
    })

    it('submits and shows the check waiting, read-only', async () => {
      await open('/mine/auth')
      await fillAndSubmit('Chan Tai Man', 'a123 4567', 'identity-filled-en')
      expect(await page.getByTestId('identity-shown-name').innerText()).toBe('Chan Tai Man')
      expect(await page.getByTestId('identity-shown-card-id').innerText()).toBe('A1**4567')
      await expect
        .poll(() =>
          page
            .getByTestId('identity-image')
            .evaluateAll((images) => images.map((image) => (image as HTMLImageElement).naturalWidth > 0)),
        )
        .toEqual([true, true])
      for (const lang of ['hk', 'en', 'ar']) {
        await open('/mine/auth', lang)
        await page.getByTestId('identity-status').waitFor()
        await shot(`identity-waiting-${lang}`)
      }
    })

    it('shows the staff’s reason after a rejection and takes the form again', async () => {
      const reason = 'The photo of the back is blurred. Please take it again in good light.'
      const check = await latestCheck()
      expect(
        await reviewIdentityCheck(app.db, {
          checkId: check.id,
          approve: false,
          reason,
          staff: 'e2e',
          now: app.clock.now(),
        }),
      ).toMatchObject({ ok: true })
      for (const lang of ['hk', 'en', 'ar']) {
        await open('/mine/auth', lang)
        expect(await page.getByTestId('identity-reject-reason').innerText()).toBe(reason)
        await page.getByTestId('identity-form').waitFor()
        await shot(`identity-rejected-${lang}`)
      }
      await open('/mine/auth')
      // The form starts from the rejected check's name.
      expect(await page.getByTestId('identity-name').inputValue()).toBe('Chan Tai Man')
      await fillAndSubmit('Chan Tai Man', 'A1234568')
      expect(await page.getByTestId('identity-rejected').count()).toBe(0)
      expect((await latestCheck()).status).toBe(1)
    })

    it('shows the check finished once staff approve it', async () => {
      const check = await latestCheck()
      expect(
        await reviewIdentityCheck(app.db, {
          checkId: check.id,
          approve: true,
          staff: 'e2e',
          now: app.clock.now(),
        }),
      ).toMatchObject({ ok: true })
      for (const lang of ['hk', 'en', 'ar']) {
        await open('/mine/auth', lang)
        await expect
          .poll(() => page.getByTestId('identity-status').getAttribute('data-status'))
          .toBe('finished')
        await shot(`identity-finished-${lang}`)
      }
    })
  },
)
