import { describe, expect, it } from 'vitest'
import { SCREEN_LOADERS } from './screen-loaders.ts'
import { SCREENS, TABS } from './screens.ts'

/** docs/product.md "Screens" (and the issues that added screens): every route and whether it needs login. */
const SPEC_ROUTES: Record<string, boolean> = {
  '/': false,
  '/trade': false,
  '/order': true,
  '/user': true,
  '/news': false,
  '/news/detail': false,
  '/rank': false,
  // Issue 25: feedback is stored with its sender, so it needs an account (demo ones too).
  '/feedback': true,
  '/login': false,
  '/register': false,
  '/forgot': false,
  '/product': false,
  '/language': false,
  '/mine/auth': true,
  '/mine/invite': true,
  '/mine/email': true,
  '/mine/announcement': true,
  '/mine/password': true,
  '/mine/history': true,
  '/mine/charge': true,
  '/mine/withdraw': true,
  '/mine/system': true,
  '/mine/chat': true,
  '/mine/wallet': true,
  '/mine/bank-card-list': true,
  '/mine/coin-address-list': true,
  '/mine/withdraw-way': true,
  // Issue 13: price alerts, in a screen of their own.
  '/mine/alerts': true,
  // Issue 26: the inbox of notifications (decision 043).
  '/mine/notices': true,
  // Issue 26: which notices reach the user by push and e-mail (decision 044).
  '/mine/notices/settings': true,
  // Issue 26: the legal documents to read and accept (decision 045).
  '/mine/legal': true,
  // Issue 26: the appropriateness test before the first real trade (decision 046).
  '/mine/appropriateness': true,
  // Issue 26: the client's own second factor (decision 047).
  '/mine/security': true,
}

/** docs/product.md "Screens" and "Roles": demo accounts may not use these. */
const REAL_ONLY = [
  '/mine/auth',
  '/mine/invite',
  '/mine/password',
  '/mine/charge',
  '/mine/withdraw',
  '/mine/wallet',
  '/mine/security',
]

describe('route table', () => {
  it('registers every route of the spec exactly once', () => {
    expect(SCREENS.map((screen) => screen.path).sort()).toEqual(Object.keys(SPEC_ROUTES).sort())
  })

  it.each(Object.entries(SPEC_ROUTES))('%s needs login: %s', (path, loginRequired) => {
    const screen = SCREENS.find((s) => s.path === path)
    expect(screen?.access !== 'public').toBe(loginRequired)
  })

  it.each(REAL_ONLY)('%s is closed to demo accounts', (path) => {
    expect(SCREENS.find((s) => s.path === path)?.access).toBe('real')
  })

  it('has the five tabs in order', () => {
    expect(TABS.map((tab) => tab.key)).toEqual(['/', '/trade', '/order', '/rank', '/user'])
  })

  // Each screen's whole module graph is transformed the first time: seconds on a busy machine.
  it('loads every screen lazily into a component', { timeout: 60_000 }, async () => {
    for (const screen of SCREENS) {
      expect(typeof (await SCREEN_LOADERS[screen.path]())).toBe('function')
    }
  })
})
