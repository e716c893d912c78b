import { CHAT_TEXT_MAX, type ChatMessage } from '@tp/contracts/light'
import { chatPageApi, ChatCallError, type ChatPageApi } from './chat-page-api.ts'
import { element, messageBubble, type BubbleTexts } from './chat-page-view.ts'
import { openChatSocket } from './chat-socket.ts'

type Translate = (key: string, params?: Record<string, string | number>) => string

/** Scrolled this close to the top, the page loads the older messages. */
const LOAD_OLDER_WITHIN_PX = 60
/** How long an error line stays. */
const ERROR_SHOWN_MS = 4000

export interface ChatPageOptions {
  root: HTMLElement
  token: string
  lang: string
  locale: string
  t: Translate
  /** Whether the page is shown in the app's frame (its navigation bar already has the title). */
  framed: boolean
}

/**
 * The support chat page: the conversation (older pages on scrolling up), new messages live over
 * the socket, a composer for text and images, and read marks while the page is visible.
 */
export function startChatPage(
  options: ChatPageOptions,
  api: ChatPageApi = chatPageApi(options.token, options.lang),
) {
  const { root, t, locale } = options
  const bubbleTexts: BubbleTexts = { you: t('you'), staff: t('staff'), image: t('image') }
  const shown = new Set<number>()
  let oldestId: number | undefined
  let hasMore = false
  let loadingOlder = false
  let errorTimer: ReturnType<typeof setTimeout> | undefined

  const top = element('div', { className: 'cp-top', attrs: { 'aria-live': 'polite' } })
  const empty = element('p', { className: 'cp-empty', text: t('empty') })
  const list = element('div', { className: 'cp-messages' })
  const scroller = element('main', { className: 'cp-scroll', attrs: { 'data-testid': 'chat-messages' } }, [
    top,
    empty,
    list,
  ])
  const status = element('div', { className: 'cp-status', attrs: { role: 'status', hidden: '' } })
  const fileInput = element('input', {
    className: 'cp-file',
    attrs: { type: 'file', accept: 'image/*', hidden: '', 'data-testid': 'chat-file' },
  })
  const imageButton = element('button', {
    className: 'cp-image-button',
    attrs: {
      type: 'button',
      'aria-label': t('sendImage'),
      title: t('sendImage'),
      'data-testid': 'chat-image',
    },
  })
  imageButton.innerHTML = IMAGE_ICON
  const input = element('textarea', {
    className: 'cp-input',
    attrs: {
      rows: '1',
      maxlength: String(CHAT_TEXT_MAX),
      placeholder: t('placeholder'),
      'aria-label': t('placeholder'),
      dir: 'auto',
      'data-testid': 'chat-input',
    },
  })
  const sendButton = element('button', {
    className: 'cp-send',
    text: t('send'),
    attrs: { type: 'submit', 'data-testid': 'chat-send' },
  })
  const composer = element('form', { className: 'cp-composer' }, [fileInput, imageButton, input, sendButton])
  const header = options.framed
    ? null
    : element('header', { className: 'cp-header' }, [element('h1', { text: t('title') })])
  root.replaceChildren(...[header, status, scroller, composer].filter((n): n is HTMLElement => n !== null))

  function showError(message: string) {
    status.textContent = message || t('sendFailed')
    status.className = 'cp-status cp-status-error'
    status.hidden = false
    clearTimeout(errorTimer)
    errorTimer = setTimeout(() => (status.hidden = true), ERROR_SHOWN_MS)
  }
  function showInfo(message: string | null) {
    clearTimeout(errorTimer)
    status.className = 'cp-status'
    status.textContent = message ?? ''
    status.hidden = message === null
  }

  const nearBottom = () => scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight < 80
  const toBottom = () => (scroller.scrollTop = scroller.scrollHeight)

  /** Adds messages not shown yet, in id order, at the end (new) or the start (older pages). */
  function add(messages: ChatMessage[], where: 'end' | 'start') {
    const fresh = messages.filter((m) => !shown.has(m.id))
    for (const m of fresh) shown.add(m.id)
    const nodes = fresh.map((m) => messageBubble(m, locale, bubbleTexts))
    if (where === 'start') list.prepend(...nodes)
    else list.append(...nodes)
    empty.hidden = shown.size > 0
  }

  function updateTop() {
    top.textContent = loadingOlder ? t('loadingOlder') : !hasMore && shown.size > 0 ? t('start') : ''
  }

  let readPending = false
  /** Marks staff replies read while someone can see them. */
  function markRead() {
    if (document.visibilityState !== 'visible' || readPending) return
    readPending = true
    void api
      .read()
      .catch(() => undefined)
      .finally(() => (readPending = false))
  }

  async function loadFirst() {
    top.textContent = ''
    try {
      const page = await api.messages()
      add(page.data, 'end')
      oldestId = page.data[0]?.id
      hasMore = page.has_more
      updateTop()
      toBottom()
      if (page.data.some((m) => m.sender === 2)) markRead()
    } catch (error) {
      renderLoadFailed(error)
    }
  }

  function renderLoadFailed(error: unknown) {
    const retry = element('button', { className: 'cp-retry', text: t('retry'), attrs: { type: 'button' } })
    retry.addEventListener('click', () => void loadFirst())
    top.replaceChildren(
      element('span', {
        text: error instanceof ChatCallError && error.message ? error.message : t('loadFailed'),
      }),
      retry,
    )
  }

  async function loadOlder() {
    if (loadingOlder || !hasMore || oldestId === undefined) return
    loadingOlder = true
    updateTop()
    const before = scroller.scrollHeight
    try {
      const page = await api.messages(oldestId)
      add(page.data, 'start')
      oldestId = page.data[0]?.id ?? oldestId
      hasMore = page.has_more
      // Keep the message the user was reading where it was.
      scroller.scrollTop += scroller.scrollHeight - before
    } catch {
      // Scrolling up again retries.
    } finally {
      loadingOlder = false
      updateTop()
    }
  }

  async function send(message: { text?: string; image?: string }) {
    sendButton.disabled = true
    try {
      const sent = await api.send(message)
      add([sent], 'end')
      toBottom()
      return true
    } catch (error) {
      showError(error instanceof ChatCallError ? error.message : t('sendFailed'))
      return false
    } finally {
      sendButton.disabled = false
    }
  }

  composer.addEventListener('submit', (event) => {
    event.preventDefault()
    const text = input.value.trim()
    if (text === '') return
    if (text.length > CHAT_TEXT_MAX) return showError(t('tooLong', { max: CHAT_TEXT_MAX }))
    void send({ text }).then((sent) => {
      if (!sent) return
      input.value = ''
      fitInput()
    })
  })
  input.addEventListener('keydown', (event) => {
    // Enter sends, Shift+Enter starts a new line; never in the middle of an input method's composition.
    if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
      event.preventDefault()
      composer.requestSubmit()
    }
  })
  const fitInput = () => {
    input.style.height = 'auto'
    input.style.height = `${Math.min(input.scrollHeight, 120)}px`
  }
  input.addEventListener('input', fitInput)

  imageButton.addEventListener('click', () => fileInput.click())
  fileInput.addEventListener('change', () => {
    const file = fileInput.files?.[0]
    fileInput.value = ''
    if (!file) return
    showInfo(t('uploading'))
    imageButton.disabled = true
    api
      .upload(file)
      .then(async ({ url }) => {
        showInfo(null)
        await send({ image: url })
      })
      .catch((error: unknown) => showError(error instanceof ChatCallError ? error.message : t('sendFailed')))
      .finally(() => (imageButton.disabled = false))
  })

  scroller.addEventListener('scroll', () => {
    if (scroller.scrollTop < LOAD_OLDER_WITHIN_PX) void loadOlder()
  })
  document.addEventListener('visibilitychange', () => {
    if (list.querySelector('.cp-staff')) markRead()
  })

  let wasDown = false
  const socket = openChatSocket({
    url: `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}/v1/ws`,
    token: options.token,
    onConnected: (connected) => {
      if (connected) {
        if (status.textContent === t('reconnecting')) showInfo(null)
        // Messages sent while the socket was down: fetch the newest page again (shown ones are skipped).
        if (wasDown)
          void api
            .messages()
            .then((page) => receive(page.data))
            .catch(() => undefined)
        wasDown = false
      } else if (!wasDown) {
        wasDown = true
        showInfo(t('reconnecting'))
      }
    },
    onMessage: (frame) => {
      if (frame.type !== 'CHAT') return
      const message = frame.message as ChatMessage | undefined
      if (message && typeof message.id === 'number') receive([message])
    },
  })
  function receive(messages: ChatMessage[]) {
    const fresh = messages.filter((m) => !shown.has(m.id))
    if (fresh.length === 0) return
    const follow = nearBottom() || fresh.some((m) => m.sender === 1)
    add(fresh, 'end')
    if (follow) toBottom()
    if (fresh.some((m) => m.sender === 2)) markRead()
  }

  void loadFirst()
  return { close: () => socket.close() }
}

/** A picture icon (decorative; the button has its own label). */
const IMAGE_ICON =
  '<svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false"><path fill="currentColor" d="M19 3H5a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V5a2 2 0 0 0-2-2Zm0 16H5V5h14v14Zm-5.04-6.71-2.75 3.54-1.96-2.36L6.5 17h11l-3.54-4.71ZM8.5 10A1.5 1.5 0 1 0 8.5 7a1.5 1.5 0 0 0 0 3Z"/></svg>'
