import type { FeedbackItem } from '@tp/contracts/light'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { initI18n, loadMessagePart } from '../../../common/i18n/i18n.ts'
import { setupAntdRender } from '../../../common/lib/antd-render.ts'
import { useSession } from '../../../common/session/session-store.ts'
import { FeedbackScreen } from './feedback-screen.tsx'

const ANSWERED: FeedbackItem = {
  id: 1,
  category: 'money',
  text: 'Where is my <b>withdrawal</b>?\nIt has been two days.',
  status: 'answered',
  answer: 'It was paid this morning.',
  answered_at: '2026-11-28 09:00:00',
  created_at: '2026-11-27 08:00:00',
}

const envelope = (body: object) =>
  new Response(JSON.stringify({ data: null, ...body }), { headers: { 'content-type': 'application/json' } })

/** What the fake server stored, as the form sent it. */
let sent: Record<string, unknown>[] = []
let stored: FeedbackItem[] = []

const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = String(input)
  if (url.startsWith('/api/feedback/list'))
    return envelope({ code: 1, msg: 'ok', data: { data: [...stored].reverse(), total: stored.length } })
  if (url.startsWith('/api/feedback/send')) {
    const body = JSON.parse(String(init?.body)) as Record<string, unknown>
    sent.push(body)
    const item: FeedbackItem = {
      id: stored.length + 1,
      category: body.category as FeedbackItem['category'],
      text: String(body.text).trim(),
      status: 'new',
      answer: '',
      answered_at: '',
      created_at: '2026-11-29 10:00:00',
    }
    stored.push(item)
    return envelope({ code: 1, msg: 'Thank you, your feedback has been sent', data: item })
  }
  return envelope({ code: 1, msg: 'ok' })
})

function renderScreen() {
  const router = createMemoryRouter([{ path: '/feedback', element: <FeedbackScreen /> }], {
    initialEntries: ['/feedback?from=%2Ftrade'],
  })
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
}

describe('feedback screen', () => {
  beforeAll(async () => {
    setupAntdRender()
    await initI18n('en')
    await loadMessagePart('feedback')
  })
  beforeEach(() => {
    sent = []
    stored = [ANSWERED]
    vi.stubGlobal('fetch', fetchMock)
    useSession.setState({ token: 'tok', user: null })
  })
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
  })

  it("lists what was sent with support's answer, as plain text", async () => {
    renderScreen()
    const entry = await screen.findByTestId('feedback-entry')
    expect(entry.querySelector('b')).toBeNull()
    expect(screen.getByTestId('feedback-entry-text').textContent).toBe(ANSWERED.text)
    expect(screen.getByTestId('feedback-status').textContent).toBe('Answered')
    expect(screen.getByTestId('feedback-answer').textContent).toContain('It was paid this morning.')
  })

  it('checks the form before sending, then sends it and shows the thank-you and the new entry', async () => {
    renderScreen()
    await screen.findByTestId('feedback-entry')
    fireEvent.change(screen.getByTestId('feedback-text'), { target: { value: 'Too short' } })
    await act(async () => {
      fireEvent.click(screen.getByTestId('feedback-submit'))
    })
    expect(sent).toEqual([])
    expect(await screen.findByText('Please choose a topic')).toBeTruthy()

    fireEvent.click(screen.getByTestId('feedback-category-bug'))
    await act(async () => {
      fireEvent.click(screen.getByTestId('feedback-submit'))
    })
    expect(sent).toEqual([])
    expect(await screen.findByText('Please write at least 10 characters')).toBeTruthy()

    fireEvent.change(screen.getByTestId('feedback-text'), {
      target: { value: '  The chart stops updating after a minute.  ' },
    })
    expect(screen.getByTestId('feedback-count').textContent).toBe('40/2000')
    await act(async () => {
      fireEvent.click(screen.getByTestId('feedback-submit'))
    })
    await screen.findByTestId('feedback-sent')
    expect(sent).toEqual([
      {
        category: 'bug',
        text: '  The chart stops updating after a minute.  ',
        contact_email: '',
        app_version: 'dev',
        screen: '/trade',
      },
    ])
    await waitFor(() => expect(screen.getAllByTestId('feedback-entry')).toHaveLength(2))
    expect(screen.getAllByTestId('feedback-status')[0]?.textContent).toBe('Sent')

    fireEvent.click(screen.getByTestId('feedback-again'))
    expect((await screen.findByTestId('feedback-text')) as HTMLTextAreaElement).toHaveProperty('value', '')
  })
})
