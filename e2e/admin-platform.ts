import { execSync } from 'node:child_process'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Locator, Page } from 'playwright-core'
import { expect, inject } from 'vitest'
import type { TestApp } from '../apps/server/test/harness.ts'
import { createStaff } from '../apps/server/src/staff/staff-accounts.ts'
import { totpCode } from '../apps/server/src/security/totp.ts'
import type { StaffRole } from '../apps/server/src/staff/roles.ts'
import { ROOT } from './platform.ts'

/** What the back office's browser tests share: the build, a desktop window, signing staff in. */

export const DESKTOP = { width: 1280, height: 800 }

export const STAFF_PASSWORD = 'correct horse battery'
export const SCREENS = join(ROOT, '.tmp/screens')

/**
 * The built back office. `E2E_ADMIN_DIST` names a build made elsewhere (as E2E_WEB_DIST does for the
 * phone app); without it the test builds apps/admin itself, once per file.
 */
export const ADMIN_DIST = process.env.E2E_ADMIN_DIST ?? join(ROOT, 'apps/admin/dist')
let adminBuilt = Boolean(process.env.E2E_ADMIN_DIST)
export function buildAdminOnce(): void {
  mkdirSync(SCREENS, { recursive: true })
  if (adminBuilt || inject('clientsBuilt')) return
  execSync('npm run build -w apps/admin', {
    cwd: ROOT,
    stdio: 'pipe',
    env: { ...process.env, NODE_ENV: 'production' },
  })
  adminBuilt = true
}

let staffCount = 0
/**
 * A new staff member of `role`, signed in through the API (password, then TOTP set up), with the
 * session put where the back office keeps it, and the dashboard open. The sign-in screens
 * themselves are tried in `admin.test.ts`; other tests start here.
 */
export async function openBackOffice(app: TestApp, page: Page, role: StaffRole, name = `Staff ${role}`) {
  const email = `${role}.${++staffCount}.${Date.now()}@broker.example`
  expect(await createStaff(app.db, { email, name, role, password: STAFF_PASSWORD })).toMatchObject({
    ok: true,
  })
  const pending = (await app.post('/admin/api/auth/login', { email, password: STAFF_PASSWORD })).body.data
  const code = totpCode(pending.secret, app.clock.now().getTime())
  const signedIn = (await app.post('/admin/api/auth/totp', { code }, { token: pending.token })).body.data
  expect(signedIn?.token).toBeTruthy()
  await page.goto(`${app.base}/admin/login`)
  await page.evaluate(
    ({ token, staff }) => {
      sessionStorage.setItem('admin-token', token)
      sessionStorage.setItem('admin-staff', JSON.stringify(staff))
    },
    { token: signedIn.token as string, staff: signedIn.staff },
  )
  await page.goto(`${app.base}/admin/`)
  await page.getByTestId('dashboard').waitFor()
  return { email, token: signedIn.token as string, staff: signedIn.staff }
}

/** A screenshot of the back office to `.tmp/screens/admin-<name>.png` once messages and spinners have gone. */
export async function adminShot(page: Page, name: string): Promise<void> {
  await expect
    .poll(async () => (await page.locator('.ant-message-notice, .ant-spin-spinning').count()) === 0, {
      timeout: 6000,
    })
    .toBe(true)
    .catch(() => undefined)
  await page.waitForTimeout(300)
  await page.screenshot({ path: join(SCREENS, `admin-${name}.png`) })
}

/**
 * Picks `option` in the antd select `select`, typing `search` first when given, and picks again
 * until the select shows it and its list has closed: a loaded machine can drop a pick made while
 * the list is still opening, leaving it open over the buttons below, or close the list under the
 * click while the drawer around it still moves.
 */
export async function pickOption(
  page: Page,
  select: Locator,
  option: string | RegExp,
  search?: string,
): Promise<void> {
  const list = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')
  const shown = () =>
    select
      .innerText()
      .then((text) => (typeof option === 'string' ? text.includes(option) : option.test(text.trim())))
  for (let attempt = 0; attempt < 6; attempt++) {
    if ((await list.count()) === 0) await select.click()
    if (search) await page.keyboard.type(search)
    // A list that closes under the click (the drawer around it still moving) is opened again.
    const picked = await list
      .locator('.ant-select-item-option')
      .filter({ hasText: option })
      .first()
      .click({ timeout: 3000 })
      .then(() => true)
      .catch(() => false)
    if (!picked) continue
    const closed = await list
      .first()
      .waitFor({ state: 'hidden', timeout: 5000 })
      .then(() => true)
      .catch(() => false)
    if (closed && (await shown())) return
    if (!closed) await page.keyboard.press('Escape')
  }
  throw new Error(`the select never showed ${String(option)}`)
}

/**
 * Presses OK in the open confirmation (useConfirm) until it has closed: on a loaded machine a click
 * made while the dialog is still opening is lost (pressing again while its call runs is ignored:
 * the button is loading).
 */
export async function confirmDialog(page: Page, okTestId = 'confirm-ok'): Promise<void> {
  // Closed when its OK button is gone: another dialog may open after it (a change that now waits
  // for a second admin says so in one), so "no confirmation on screen" is not the sign.
  const ok = page.getByTestId(okTestId)
  for (let attempt = 0; attempt < 5; attempt++) {
    await ok.click({ timeout: 5000 }).catch(() => undefined)
    const closed = await ok
      .waitFor({ state: 'detached', timeout: 5000 })
      .then(() => true)
      .catch(() => false)
    if (closed) return
  }
  throw new Error('the confirmation never closed')
}
