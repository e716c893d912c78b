import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { initI18n } from '../../common/i18n/i18n.ts'
import { useSession } from '../../common/session/session-store.ts'
import { setupAntdRender } from '../../common/lib/antd-render.ts'
import { buildRoutes } from '../router.tsx'
import { sendVisitorToLogin } from './require-auth.tsx'

// The layout's app-wide effects talk to the network; these tests are about routing only.
vi.mock('../../common/realtime.ts', () => ({
  realtime: {
    ensureConnected: vi.fn(),
    subscribe: vi.fn(() => () => undefined),
    listen: vi.fn(() => () => undefined),
  },
  startRealtime: vi.fn(),
}))

const USER = {
  id: 7,
  uid: '100007',
  email: 'trader@example.com',
  mobile: null,
  area_id: null,
  is_demo: 0,
  invite_code: 'AB12CD',
  balance: '10000.00',
  lock_balance: '0.00',
  created_at: '2025-01-01 00:00:00',
}

function envelope(data: unknown, code = 1) {
  return new Response(JSON.stringify({ code, msg: code === 1 ? 'ok' : 'error', data }), {
    headers: { 'content-type': 'application/json' },
  })
}

/** A fake server: enough of the API for the login screen and the user centre. */
const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
  const url = String(input)
  if (url.startsWith('/api/user/loginForU')) return envelope({ token: 'tok-new', user: USER })
  if (url.startsWith('/api/user/info')) return envelope(USER)
  if (url.startsWith('/api/default/setting')) return envelope({ value: '0' })
  if (url.startsWith('/api/basicSet/getBasicInfo'))
    return envelope({ site_title: 'Test', verify_reg_type: 1 })
  return envelope(null)
})

function renderAt(path: string) {
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [path] })
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
  return router
}

function at(router: ReturnType<typeof renderAt>) {
  return router.state.location.pathname + router.state.location.search
}

describe('route guard', () => {
  beforeAll(async () => {
    setupAntdRender()
    await initI18n('en')
  })
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock)
    useSession.setState({ token: null, user: null, signingOut: false })
  })
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
    window.localStorage.clear()
  })

  it('sends a visitor from /order to /login?from=%2Forder', async () => {
    const router = renderAt('/order')
    // The first test loads the lazy sign-in screen cold: on a busy two-core machine (the server
    // tests beside it) that took longer than Testing Library's one second.
    const slow = { timeout: 10_000 }
    await waitFor(() => expect(at(router)).toBe('/login?from=%2Forder'), slow)
    expect(await screen.findByTestId('login-account', {}, slow)).toBeTruthy()
  })

  it('keeps the query of the wanted page', async () => {
    const router = renderAt('/order?type=1')
    await waitFor(() => expect(at(router)).toBe('/login?from=%2Forder%3Ftype%3D1'))
  })

  it('lets a visitor see public screens', async () => {
    const router = renderAt('/language')
    expect(await screen.findByTestId('lang-en')).toBeTruthy()
    expect(at(router)).toBe('/language')
  })

  it('redirects unknown paths to /', async () => {
    const router = renderAt('/no/such/page')
    await waitFor(() => expect(at(router)).toBe('/'))
  })

  it('returns to `from` after signing in', async () => {
    const router = renderAt('/user')
    const account = await screen.findByTestId('login-account')
    fireEvent.change(account, { target: { value: 'trader@example.com' } })
    fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'secret123' } })
    await act(async () => {
      fireEvent.click(screen.getByTestId('login-submit'))
    })
    await waitFor(() => expect(at(router)).toBe('/user'))
    expect(useSession.getState().token).toBe('tok-new')
    expect(window.localStorage.getItem('token')).toBe('tok-new')
    expect(await screen.findByTestId('user-card')).toBeTruthy()
    expect(screen.getByTestId('user-label').textContent).toContain('trader@example.com')
  })

  it('ignores a `from` that leaves the site', async () => {
    const router = renderAt('/login?from=%2F%2Fevil.example')
    fireEvent.change(await screen.findByTestId('login-account'), { target: { value: 'trader@example.com' } })
    fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'secret123' } })
    await act(async () => {
      fireEvent.click(screen.getByTestId('login-submit'))
    })
    await waitFor(() => expect(at(router)).toBe('/'))
  })

  it('keeps a signing-out page from sending the user to /login until it has gone, however long', async () => {
    useSession.setState({ token: 'tok-old', user: { ...USER, is_demo: 0 } })
    const router = renderAt('/language')
    await screen.findByTestId('lang-en')
    await act(() => router.navigate('/user'))
    await screen.findByTestId('user-card')
    // Signed out while the guarded page is still on screen (the way home has not committed yet).
    act(() => {
      useSession.getState().startSignOut()
      useSession.getState().clear()
    })
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(at(router)).toBe('/user')
    expect(useSession.getState().signingOut).toBe(true)
    await act(() => router.navigate('/', { replace: true }))
    await waitFor(() => expect(useSession.getState().signingOut).toBe(false))
    expect(at(router)).toBe('/')
  })

  it('sends a visitor to /login from a guarded page opened after a sign-out', async () => {
    useSession.setState({ token: null, user: null, signingOut: true })
    const router = renderAt('/order')
    await waitFor(() => expect(at(router)).toBe('/login?from=%2Forder'))
    expect(useSession.getState().signingOut).toBe(false)
  })

  it('shows demo accounts the real-account notice on real-only screens', async () => {
    useSession.setState({ token: 'tok-demo', user: { ...USER, is_demo: 1 } })
    fetchMock.mockImplementationOnce(async () => envelope({ ...USER, is_demo: 1 }))
    renderAt('/mine/password')
    expect(await screen.findByTestId('real-account-required')).toBeTruthy()
    expect(screen.queryByTestId('password-new')).toBeNull()
  })
})

describe('a visitor opening a signed-in screen', () => {
  afterEach(() => {
    useSession.setState({ token: null, user: null, signingOut: false })
    window.history.replaceState(null, '', '/')
  })

  it('lands on /login before the router starts, with the screen to come back to', () => {
    useSession.setState({ token: null, user: null })
    for (const [opened, landed] of [
      ['/order', `/login?from=${encodeURIComponent('/order')}`],
      ['/user/', `/login?from=${encodeURIComponent('/user/')}`],
      ['/mine/invite?tab=2', `/login?from=${encodeURIComponent('/mine/invite?tab=2')}`],
    ]) {
      window.history.replaceState(null, '', opened)
      sendVisitorToLogin()
      expect(window.location.pathname + window.location.search).toBe(landed)
    }
  })

  it('stays on public screens, unknown paths and, signed in, everywhere', () => {
    for (const path of ['/', '/trade?id=3', '/login', '/news', '/no-such-screen']) {
      window.history.replaceState(null, '', path)
      sendVisitorToLogin()
      expect(window.location.pathname + window.location.search).toBe(path)
    }
    useSession.setState({ token: 'tok', user: { ...USER, is_demo: 0 } })
    window.history.replaceState(null, '', '/order')
    sendVisitorToLogin()
    expect(window.location.pathname).toBe('/order')
  })
})
