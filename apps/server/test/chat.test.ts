import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chatConversations, chatMessages } from '../src/db/schema.ts'
import {
  closeConversation,
  conversationList,
  conversationMessages,
  markReadByStaff,
  staffReply,
} from '../src/chat/staff-chat.ts'
import { registerAndLogin } from './accounts.ts'
import { DEFAULT_RATE_LIMITS } from '../src/http/route-deps.ts'
import { DRIVERS, startTestApp, type TestApp } from './harness.ts'
import { transparentPng } from './images.ts'
import { connect } from './socket-client.ts'
import { roundTrip, waitForMessage, type Client } from './socket-wait.ts'

/*
 * Support chat (issue 10): the user's calls over HTTP, CHAT pushes over the socket, and the staff
 * service functions the back office will call, on PGlite and PostgreSQL.
 */

describe.each(DRIVERS)('support chat on %s', (driver) => {
  let app: TestApp
  const deps = () => ({ db: app.db, clock: app.clock.now, topics: app.topics, uploads: app.uploads })

  beforeAll(async () => {
    // The real chat limit: the harness lifts the others out of the way.
    app = await startTestApp(driver, { historyCandles: 5, rateLimits: { chat: DEFAULT_RATE_LIMITS.chat } })
  })
  afterAll(async () => {
    await app.close()
  })

  async function upload(token: string) {
    const form = new FormData()
    form.append('file', new Blob([new Uint8Array(await transparentPng())], { type: 'image/png' }), 'a.png')
    const response = await fetch(`${app.base}/api/common/image_upload`, {
      method: 'POST',
      headers: { lang: 'en', authorization: token },
      body: form,
    })
    const body = (await response.json()) as { code: number; data: { url: string } }
    expect(body.code).toBe(1)
    return body.data.url
  }
  const send = (token: string, body: Record<string, unknown>, json = true) =>
    app.post('/api/chat/send', body, { token, json })
  async function signedInSocket(token: string): Promise<Client> {
    const client = await connect(app)
    client.send({ type: 'login', params: token })
    await waitForMessage(client, (m) => m.type === 'login_result' && m.code === 1)
    return client
  }

  it('stores a text message, answers it and lists it', async () => {
    const { token, user } = await registerAndLogin(app)
    const sent = await send(token, { text: '  Hello, I need help\r\nwith a deposit  ' })
    expect(sent.body).toMatchObject({ code: 1, msg: 'Sent' })
    expect(sent.body.data).toMatchObject({
      sender: 1,
      staff_name: '',
      text: 'Hello, I need help\nwith a deposit',
      image: '',
    })
    expect(sent.body.data.created_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/)
    const list = await app.get('/api/chat/messages', { token })
    expect(list.body.data).toMatchObject({ total: 1, has_more: false, data: [{ id: sent.body.data.id }] })
    const [conversation] = await app.db
      .select()
      .from(chatConversations)
      .where(eq(chatConversations.userId, user.id))
    expect(conversation).toMatchObject({ status: 1, closedAt: null })
  })

  it('accepts a form body as well as JSON', async () => {
    const { token } = await registerAndLogin(app)
    const sent = await send(token, { text: 'from a form' }, false)
    expect(sent.body).toMatchObject({ code: 1, data: { text: 'from a form' } })
  })

  it('sends an image the user uploaded, served through a fresh signed URL', async () => {
    const { token } = await registerAndLogin(app)
    const url = await upload(token)
    const sent = await send(token, { image: url })
    expect(sent.body.code).toBe(1)
    expect(sent.body.data.text).toBe('')
    expect(sent.body.data.image).toMatch(/^\/api\/common\/upload\/[A-Za-z0-9_-]{22}\?expires=\d+&sig=/)
    const withText = await send(token, { image: url, text: 'this screen' })
    expect(withText.body.data).toMatchObject({ text: 'this screen' })
    const image = await fetch(`${app.base}${sent.body.data.image as string}`)
    expect(image.status).toBe(200)
    expect(image.headers.get('content-type')).toMatch(/^image\//)
    const list = await app.get('/api/chat/messages', { token })
    expect(list.body.data.data[0].image).toMatch(/^\/api\/common\/upload\//)
  })

  it('refuses empty, over-long and control-character messages, and images not the user’s own', async () => {
    const { token, user } = await registerAndLogin(app)
    const other = await registerAndLogin(app)
    const othersImage = await upload(other.token)
    const refusals: [Record<string, unknown>, string][] = [
      [{}, 'invalid_input'],
      [{ text: '   \n  ' }, 'invalid_input'],
      [{ text: 'x'.repeat(2001) }, 'invalid_input'],
      [{ text: 'bell \u0007 here' }, 'invalid_input'],
      [{ text: 'escape \u001b[31m red' }, 'invalid_input'],
      [{ text: 'bidi \u202e trick' }, 'invalid_input'],
      [{ image: othersImage }, 'image_invalid'],
      [{ image: '/api/common/upload/AAAAAAAAAAAAAAAAAAAAAA?expires=1&sig=x' }, 'image_invalid'],
      [{ image: 'https://evil.example/a.png' }, 'image_invalid'],
      [{ text: 'hi', image: 'not an upload' }, 'image_invalid'],
      [{ text: 42 }, 'invalid_input'],
    ]
    for (const [body, reason] of refusals) {
      const answer = await send(token, body)
      expect(answer.body, JSON.stringify(body)).toMatchObject({ code: 0, reason })
      expect(answer.body.msg).not.toBe('')
      expect(answer.status).toBeLessThan(500)
    }
    // The refusal names the field in words, in the caller's language.
    expect((await send(token, {})).body.msg).toBe('Please check the field: message')
    expect(await send(token, { text: 'x'.repeat(2000) })).toMatchObject({ body: { code: 1 } })
    const stored = await app.db.select().from(chatMessages).where(eq(chatMessages.userId, user.id))
    expect(stored).toHaveLength(1)
  })

  it('answers 999 to callers who are not signed in', async () => {
    for (const answer of [
      await app.post('/api/chat/send', { text: 'hi' }, { json: true }),
      await app.get('/api/chat/messages'),
      await app.get('/api/chat/unread'),
      await app.post('/api/chat/read'),
      await app.post('/api/chat/send', { text: 'hi' }, { token: 'forged-token', json: true }),
    ])
      expect(answer.body.code).toBe(999)
  })

  it('lets a demo account write to customer service', async () => {
    const demo = await app.get('/api/user/createAccountDemoForU?demo_id=chat-demo-device-0001')
    const sent = await send(demo.body.data.token as string, { text: 'demo question' })
    expect(sent.body.code).toBe(1)
  })

  it('pages the history newest first, oldest to newest within a page, and never shows another user’s', async () => {
    const a = await registerAndLogin(app)
    const b = await registerAndLogin(app)
    for (let i = 1; i <= 7; i++) await send(a.token, { text: `a${i}` })
    await send(b.token, { text: 'b only' })
    const first = await app.get('/api/chat/messages?limit=3', { token: a.token })
    expect(first.body.data.total).toBe(7)
    expect(first.body.data.has_more).toBe(true)
    expect(first.body.data.data.map((m: { text: string }) => m.text)).toEqual(['a5', 'a6', 'a7'])
    const second = await app.get(`/api/chat/messages?limit=3&before_id=${first.body.data.data[0].id}`, {
      token: a.token,
    })
    expect(second.body.data.data.map((m: { text: string }) => m.text)).toEqual(['a2', 'a3', 'a4'])
    const last = await app.get(`/api/chat/messages?limit=3&before_id=${second.body.data.data[0].id}`, {
      token: a.token,
    })
    expect(last.body.data).toMatchObject({ has_more: false, data: [{ text: 'a1' }] })
    // B's message id is in A's range: asking for older messages before it still shows only A's.
    const bList = await app.get('/api/chat/messages', { token: b.token })
    expect(bList.body.data).toMatchObject({ total: 1, data: [{ text: 'b only' }] })
    const aBeforeB = await app.get(`/api/chat/messages?before_id=${bList.body.data.data[0].id + 1}`, {
      token: a.token,
    })
    expect(aBeforeB.body.data.data.every((m: { text: string }) => m.text.startsWith('a'))).toBe(true)
    for (const query of ['limit=0', 'limit=101', 'before_id=0', 'before_id=-1', 'before_id=1e3', 'limit=x'])
      expect((await app.get(`/api/chat/messages?${query}`, { token: a.token })).body, query).toMatchObject({
        code: 0,
        reason: 'invalid_input',
      })
  })

  it('pushes staff replies to the user’s signed-in sockets only, and the user’s own messages to their other devices', async () => {
    const a = await registerAndLogin(app)
    const b = await registerAndLogin(app)
    const aPhone = await signedInSocket(a.token)
    const aTablet = await signedInSocket(a.token)
    const bPhone = await signedInSocket(b.token)
    const anonymous = await connect(app)
    try {
      const own = await send(a.token, { text: 'question' })
      await waitForMessage(aTablet, (m) => m.type === 'CHAT' && m.message.id === own.body.data.id)
      const reply = await staffReply(deps(), { userId: a.user.id, staffName: 'Mia', text: 'How can I help?' })
      expect(reply.ok).toBe(true)
      const pushed = await waitForMessage(
        aPhone,
        (m) => m.type === 'CHAT' && m.message.sender === 2 && m.message.text === 'How can I help?',
      )
      expect(pushed).toEqual({ type: 'CHAT', message: reply.ok ? reply.value : undefined })
      expect(pushed.message).toMatchObject({ staff_name: 'Mia', image: '' })
      await roundTrip(bPhone)
      await roundTrip(anonymous)
      expect(bPhone.seen.some((m) => m.type === 'CHAT')).toBe(false)
      expect(anonymous.seen.some((m) => m.type === 'CHAT')).toBe(false)
    } finally {
      for (const client of [aPhone, aTablet, bPhone, anonymous]) client.socket.close()
    }
  })

  it('counts unread staff replies until the user reads them', async () => {
    const { token, user } = await registerAndLogin(app)
    const other = await registerAndLogin(app)
    expect((await app.get('/api/chat/unread', { token })).body.data).toEqual({ count: 0 })
    await send(token, { text: 'hello' })
    expect((await app.get('/api/chat/unread', { token })).body.data).toEqual({ count: 0 })
    await staffReply(deps(), { userId: user.id, staffName: 'Mia', text: 'one' })
    await staffReply(deps(), { userId: user.id, staffName: 'Mia', text: 'two' })
    expect((await app.get('/api/chat/unread', { token })).body.data).toEqual({ count: 2 })
    expect((await app.get('/api/chat/unread', { token: other.token })).body.data).toEqual({ count: 0 })
    // Another user's read marks nothing of this one.
    expect((await app.post('/api/chat/read', {}, { token: other.token })).body.code).toBe(1)
    expect((await app.get('/api/chat/unread', { token })).body.data).toEqual({ count: 2 })
    expect((await app.post('/api/chat/read', {}, { token })).body.code).toBe(1)
    expect((await app.get('/api/chat/unread', { token })).body.data).toEqual({ count: 0 })
  })

  it('lists conversations with the staff’s unread counts and last message; marks them read', async () => {
    const a = await registerAndLogin(app)
    const b = await registerAndLogin(app)
    await send(a.token, { text: 'a first' })
    await send(a.token, { text: 'a second' })
    app.clock.advance(1000)
    await send(b.token, { text: 'b first' })
    const listed = await conversationList(app.db, { page: 1, limit: 100 })
    if (!listed.ok) throw new Error(listed.reason)
    const rowA = listed.value.data.find((c) => c.user_id === a.user.id)
    const rowB = listed.value.data.find((c) => c.user_id === b.user.id)
    expect(rowA).toMatchObject({
      unread: 2,
      status: 1,
      email: a.email,
      last_message: { text: 'a second', sender: 1 },
    })
    expect(rowB).toMatchObject({ unread: 1, last_message: { text: 'b first' } })
    // Most recent first.
    expect(listed.value.data.indexOf(rowB!)).toBeLessThan(listed.value.data.indexOf(rowA!))
    expect(listed.value.total).toBeGreaterThanOrEqual(2)
    const paged = await conversationList(app.db, { page: 1, limit: 1 })
    expect(paged.ok && paged.value.data).toHaveLength(1)

    const messages = await conversationMessages(deps(), a.user.id, { limit: 10 })
    expect(messages.ok && messages.value.data.map((m) => m.text)).toEqual(['a first', 'a second'])
    expect(await markReadByStaff(deps(), a.user.id)).toEqual({ ok: true, value: { marked: 2 } })
    const after = await conversationList(app.db, { page: 1, limit: 100 })
    expect(after.ok && after.value.data.find((c) => c.user_id === a.user.id)?.unread).toBe(0)

    // Bad input and unknown conversations are refusals, never throws.
    expect(await conversationList(app.db, { page: 0, limit: 10 })).toMatchObject({ ok: false })
    expect(await conversationList(app.db, { page: 1, limit: 101 })).toMatchObject({ ok: false })
    expect(await conversationList(app.db, { status: 3, page: 1, limit: 10 })).toMatchObject({ ok: false })
    expect(await conversationMessages(deps(), 2_000_000, { limit: 10 })).toMatchObject({
      reason: 'not_found',
    })
    expect(await conversationMessages(deps(), -1, { limit: 10 })).toMatchObject({ reason: 'not_found' })
    expect(await markReadByStaff(deps(), 2_000_000)).toMatchObject({ reason: 'not_found' })
    expect(await closeConversation(deps(), 2_000_000)).toMatchObject({ reason: 'not_found' })
  })

  it('refuses bad staff replies', async () => {
    const { user } = await registerAndLogin(app)
    const refusals = [
      { userId: user.id, staffName: '', text: 'hi' },
      { userId: user.id, staffName: 'Mia', text: '' },
      { userId: user.id, staffName: 'Mia', text: 'x'.repeat(2001) },
      { userId: user.id, staffName: 'Mia', text: 'ok', uploadId: 'AAAAAAAAAAAAAAAAAAAAAA' },
      { userId: user.id, staffName: 'Mia', text: 'ok', uploadId: '../../etc/passwd' },
      { userId: 2_000_000, staffName: 'Mia', text: 'ok' },
      { userId: 0, staffName: 'Mia', text: 'ok' },
    ]
    for (const reply of refusals)
      expect(await staffReply(deps(), reply), JSON.stringify(reply)).toMatchObject({ ok: false })
    const stored = await app.db.select().from(chatMessages).where(eq(chatMessages.userId, user.id))
    expect(stored).toHaveLength(0)
  })

  it('staff may reply with an image upload', async () => {
    const { token, user } = await registerAndLogin(app)
    const url = await upload(token)
    const uploadId = /upload\/([A-Za-z0-9_-]{22})/.exec(url)![1]!
    const reply = await staffReply(deps(), { userId: user.id, staffName: 'Mia', uploadId })
    expect(reply.ok && reply.value.image).toMatch(/^\/api\/common\/upload\//)
    // Another user's image is never shown in this conversation.
    const other = await registerAndLogin(app)
    expect(await staffReply(deps(), { userId: other.user.id, staffName: 'Mia', uploadId })).toMatchObject({
      ok: false,
      reason: 'image_invalid',
    })
  })

  it('closes a conversation; a staff reply leaves it closed, the user’s next message reopens it', async () => {
    const { token, user } = await registerAndLogin(app)
    await send(token, { text: 'help' })
    expect(await closeConversation(deps(), user.id)).toEqual({ ok: true, value: null })
    const status = async () =>
      (await app.db.select().from(chatConversations).where(eq(chatConversations.userId, user.id)))[0]
    expect(await status()).toMatchObject({ status: 2 })
    expect((await status())?.closedAt).not.toBeNull()
    const closed = await conversationList(app.db, { status: 2, page: 1, limit: 100 })
    expect(closed.ok && closed.value.data.some((c) => c.user_id === user.id)).toBe(true)
    await staffReply(deps(), { userId: user.id, staffName: 'Mia', text: 'closing note' })
    expect(await status()).toMatchObject({ status: 2 })
    await send(token, { text: 'one more thing' })
    expect(await status()).toMatchObject({ status: 1, closedAt: null })
    const open = await conversationList(app.db, { status: 1, page: 1, limit: 100 })
    expect(open.ok && open.value.data.some((c) => c.user_id === user.id)).toBe(true)
  })

  it('limits how fast one user can send', async () => {
    const { token } = await registerAndLogin(app)
    const answers = []
    for (let i = 0; i < 31; i++) answers.push(await send(token, { text: `m${i}` }))
    expect(answers.slice(0, 30).every((a) => a.body.code === 1)).toBe(true)
    expect(answers[30]).toMatchObject({ status: 429, body: { code: 0 } })
    // Another user is not held back by the first one's limit.
    const other = await registerAndLogin(app)
    expect((await send(other.token, { text: 'hi' })).body.code).toBe(1)
  })
})
