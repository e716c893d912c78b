import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { initI18n } from '../../../common/i18n/i18n.ts'
import { setupAntdRender } from '../../../common/lib/antd-render.ts'
import { useSession } from '../../../common/session/session-store.ts'
import { LoginScreen } from './login-screen.tsx'

const USER = { id: 7, uid: '100007', email: 'trader@example.com', is_demo: 0, balance: '0.00' }
const CAPTCHA = { id: 'cap-1', b64s: 'data:image/svg+xml;base64,PHN2Zy8+' }

const envelope = (body: object) =>
  new Response(JSON.stringify({ data: null, ...body }), { headers: { 'content-type': 'application/json' } })

/** Sign-in bodies the fake server received. */
let signIns: URLSearchParams[] = []

/** A server whose account is "hot": sign-in needs the image code, which is "k7mx". */
const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = String(input)
  if (url.startsWith('/api/default/captcha')) return envelope({ code: 1, msg: 'ok', data: CAPTCHA })
  if (url.startsWith('/api/user/loginForU')) {
    const body = new URLSearchParams(String(init?.body))
    signIns.push(body)
    if (body.get('captcha_code') === 'k7mx') {
      return envelope({ code: 1, msg: 'ok', data: { token: 'tok-new', user: USER } })
    }
    return envelope({ code: 0, msg: 'Enter the code in the picture', reason: 'captcha_required' })
  }
  return envelope({ code: 1, msg: 'ok' })
})

function renderLogin() {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginScreen /> },
      { path: '/', element: <p /> },
    ],
    {
      initialEntries: ['/login'],
    },
  )
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
  return router
}

async function submit(password: string) {
  fireEvent.change(screen.getByTestId('login-password'), { target: { value: password } })
  await act(async () => {
    fireEvent.click(screen.getByTestId('login-submit'))
  })
}

describe('login screen', () => {
  beforeAll(async () => {
    setupAntdRender()
    await initI18n('en')
  })
  beforeEach(() => {
    signIns = []
    vi.stubGlobal('fetch', fetchMock)
    useSession.setState({ token: null, user: null })
  })
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
    window.localStorage.clear()
  })

  it('shows the image code when the server asks for it, and sends it with the next sign-in', async () => {
    const router = renderLogin()
    fireEvent.change(await screen.findByTestId('login-account'), { target: { value: 'trader@example.com' } })
    expect(screen.queryByTestId('login-captcha-code')).toBeNull()
    await submit('Passw0rd!')
    expect(signIns[0]?.has('captcha_id')).toBe(false)

    const image = await screen.findByAltText('Verification image')
    expect(image.getAttribute('src')).toBe(CAPTCHA.b64s)
    fireEvent.change(screen.getByTestId('login-captcha-code'), { target: { value: ' k7mx ' } })
    await submit('Passw0rd!')
    expect(signIns[1]?.get('captcha_id')).toBe('cap-1')
    expect(signIns[1]?.get('captcha_code')).toBe('k7mx')
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    expect(useSession.getState().token).toBe('tok-new')
  })

  it('does not send a sign-in without the image code once it is needed', async () => {
    renderLogin()
    fireEvent.change(await screen.findByTestId('login-account'), { target: { value: 'trader@example.com' } })
    await submit('Passw0rd!')
    await screen.findByTestId('login-captcha-code')
    await submit('Passw0rd!')
    expect(signIns).toHaveLength(1)
  })
})
