import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, uploads } from '../src/db/schema.ts'
import { staffEvents, type QueueName } from '../src/events/staff-events.ts'
import { registerAndLogin } from './accounts.ts'
import { DRIVERS, startTestApp, type TestApp } from './harness.ts'
import { EXIF_MARKER, photoWithGps } from './images.ts'
import { signedInStaff } from './staff.ts'

describe.each(DRIVERS)('back-office support chat on %s', (driver) => {
  let app: TestApp
  let support: Awaited<ReturnType<typeof signedInStaff>>

  beforeAll(async () => {
    app = await startTestApp(driver, { historyCandles: 5 })
    support = await signedInStaff(app, 'support')
  })
  afterAll(async () => {
    await app?.close()
  })

  it('lists conversations with unread counts, answers, marks read and closes, audited', async () => {
    const user = await registerAndLogin(app)
    const userId = user.user.id as number
    expect(
      (await app.post('/api/chat/send', { text: 'Where is my deposit?' }, { token: user.token })).body.code,
    ).toBe(1)

    const list = (await app.get('/admin/api/chat?status=1', { token: support.token })).body.data
    const mine = list.data.find((c: { user_id: number }) => c.user_id === userId)
    expect(mine).toMatchObject({
      uid: user.user.uid,
      unread: 1,
      last_message: { text: 'Where is my deposit?' },
    })

    const messages = (await app.get(`/admin/api/chat/${userId}/messages`, { token: support.token })).body.data
    expect(messages.data.map((m: { text: string }) => m.text)).toEqual(['Where is my deposit?'])

    const reply = await app.post(
      `/admin/api/chat/${userId}/reply`,
      { text: 'It was credited.' },
      { token: support.token },
    )
    expect(reply.body).toMatchObject({ code: 1, data: { sender: 2, text: 'It was credited.' } })
    const seen = (await app.get('/api/chat/messages', { token: user.token })).body.data.data
    expect(seen.at(-1)).toMatchObject({ sender: 2, text: 'It was credited.', staff_name: expect.any(String) })

    expect((await app.post(`/admin/api/chat/${userId}/read`, {}, { token: support.token })).body.code).toBe(1)
    const after = (await app.get('/admin/api/chat', { token: support.token })).body.data
    expect(after.data.find((c: { user_id: number }) => c.user_id === userId).unread).toBe(0)

    expect((await app.post(`/admin/api/chat/${userId}/close`, {}, { token: support.token })).body.code).toBe(
      1,
    )
    const rows = await app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `user:${userId}`))
    expect(rows.map((r) => r.action)).toEqual(['chat.reply', 'chat.close'])
    expect(rows[0]).toMatchObject({ staffEmail: support.email, after: { length: 16, image: false } })
  })

  it('is for support and admins; bad ids are clean refusals', async () => {
    const finance = await signedInStaff(app, 'finance')
    expect((await app.get('/admin/api/chat', { token: finance.token })).status).toBe(403)
    const user = await registerAndLogin(app)
    expect((await app.get('/admin/api/chat', { token: user.token })).body.code).toBe(999)
    for (const id of ['abc', '0', '-1', '99999999999'])
      expect((await app.get(`/admin/api/chat/${id}/messages`, { token: support.token })).status, id).toBe(200)
    expect(
      (await app.post('/admin/api/chat/2000000/reply', { text: 'hi' }, { token: support.token })).body.code,
    ).toBe(0)
    expect((await app.get('/admin/api/chat?status=7', { token: support.token })).status).toBe(200)
  })

  /** Posts `bytes` as the multipart field `file` to a conversation's image call. */
  async function postImage(userId: number | string, token: string, bytes: Buffer, type = 'image/jpeg') {
    const form = new FormData()
    form.append('file', new Blob([new Uint8Array(bytes)], { type }), 'reply.jpg')
    const response = await fetch(`${app.base}/admin/api/chat/${userId}/image`, {
      method: 'POST',
      headers: { lang: 'en', authorization: token },
      body: form,
    })
    return { status: response.status, body: (await response.json()) as any }
  }

  it('support uploads an image and replies with it; the user sees it; no other conversation may show it', async () => {
    const user = await registerAndLogin(app)
    const other = await registerAndLogin(app)
    const userId = user.user.id as number
    const otherId = other.user.id as number
    await app.post('/api/chat/send', { text: 'My screen shows an error' }, { token: user.token })
    await app.post('/api/chat/send', { text: 'Hello' }, { token: other.token })

    const uploaded = await postImage(userId, support.token, await photoWithGps())
    expect(uploaded.body).toMatchObject({
      code: 1,
      data: { upload_id: expect.stringMatching(/^[\w-]{22}$/) },
    })
    const uploadId = uploaded.body.data.upload_id as string
    expect(uploaded.body.data.url).toMatch(/^\/api\/common\/upload\/[\w-]{22}\?expires=\d+&sig=/)
    // Owned by the conversation's user (so their chat page shows it), re-encoded without its EXIF.
    const [row] = await app.db.select().from(uploads).where(eq(uploads.id, uploadId))
    expect(row).toMatchObject({ userId, contentType: 'image/jpeg' })
    const preview = await fetch(`${app.base}${uploaded.body.data.url as string}`)
    expect(preview.status).toBe(200)
    expect(Buffer.from(await preview.arrayBuffer()).includes(EXIF_MARKER)).toBe(false)

    // Another user's conversation cannot show it.
    const elsewhere = await app.post(
      `/admin/api/chat/${otherId}/reply`,
      { text: 'see this', upload_id: uploadId },
      { token: support.token },
    )
    expect(elsewhere.body).toMatchObject({ code: 0, reason: 'image_invalid' })
    expect((await app.get('/api/chat/messages', { token: other.token })).body.data.data).toHaveLength(1)

    // Every open back office hears of the reply (and of read marks and closing) at once.
    const heard: QueueName[] = []
    const stop = staffEvents.subscribe((queue) => heard.push(queue))
    const reply = await app
      .post(
        `/admin/api/chat/${userId}/reply`,
        { text: 'Please try this setting.', upload_id: uploadId },
        { token: support.token },
      )
      .finally(stop)
    expect(heard).toEqual(['chat'])
    expect(reply.body).toMatchObject({ code: 1, data: { sender: 2, text: 'Please try this setting.' } })
    // An image alone is a reply too.
    const alone = await app.post(
      `/admin/api/chat/${userId}/reply`,
      { upload_id: uploadId },
      { token: support.token },
    )
    expect(alone.body).toMatchObject({ code: 1, data: { text: '' } })

    const seen = (await app.get('/api/chat/messages', { token: user.token })).body.data.data
    expect(seen.slice(-2)).toMatchObject([
      {
        sender: 2,
        text: 'Please try this setting.',
        image: expect.stringContaining(`/api/common/upload/${uploadId}?`),
      },
      { sender: 2, text: '', image: expect.stringContaining(uploadId) },
    ])
    const served = await fetch(`${app.base}${seen.at(-2).image as string}`)
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('image/jpeg')

    const rows = await app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `user:${userId}`))
    expect(rows.map((r) => r.action)).toEqual(['chat.image', 'chat.reply', 'chat.reply'])
    expect(rows[0]).toMatchObject({ staffEmail: support.email, after: { upload_id: uploadId } })
    expect(rows[1]).toMatchObject({ after: { image: true, upload_id: uploadId } })
  })

  it('never lets the user pass a staff image off as their own: not as a deposit proof, an identity photo or a chat image', async () => {
    const user = await registerAndLogin(app)
    const userId = user.user.id as number
    await app.post('/api/chat/send', { text: 'Which screen?' }, { token: user.token })
    const sent = await postImage(userId, support.token, await photoWithGps())
    const { upload_id: uploadId, url } = sent.body.data as { upload_id: string; url: string }
    const [row] = await app.db.select().from(uploads).where(eq(uploads.id, uploadId))
    expect(row).toMatchObject({ userId, staffId: support.id })

    const channels = (await app.get('/api/quickCharge/info', { token: user.token })).body.data
    const proof = await app.get(
      `/api/quickCharge/submit?number=100&proofImg=${encodeURIComponent(url)}&charge_id=${channels[0].id}&address=${channels[0].address}`,
      { token: user.token },
    )
    expect(proof.body).toMatchObject({ code: 0, reason: 'proof_invalid' })
    const identity = await app.post(
      '/api/user_real/real_name',
      { name: 'Chan Tai Man', card_id: 'A7654321', front_pic: url, reverse_pic: url },
      { token: user.token },
    )
    expect(identity.body).toMatchObject({ code: 0, reason: 'image_invalid' })
    const chat = await app.post('/api/chat/send', { image: url }, { token: user.token })
    expect(chat.body).toMatchObject({ code: 0, reason: 'image_invalid' })
  })

  it('refuses non-images, oversized files, unknown users, other roles and user tokens, storing nothing', async () => {
    const user = await registerAndLogin(app)
    const userId = user.user.id as number
    await app.post('/api/chat/send', { text: 'hi' }, { token: user.token })
    const photo = await photoWithGps()
    const countUploads = async () =>
      (await app.db.select().from(uploads).where(eq(uploads.userId, userId))).length

    const script = await postImage(
      userId,
      support.token,
      Buffer.from('<svg onload="alert(1)"></svg>'),
      'image/png',
    )
    expect(script.body).toMatchObject({
      code: 0,
      reason: 'upload_not_image',
      msg: 'Please choose a JPEG, PNG or WebP image',
    })
    // Just over the limit too: a file cut at a chunk boundary must not pass as a whole one.
    for (const extra of [1, 2000, 64 * 1024, 1024 * 1024]) {
      const huge = await postImage(
        userId,
        support.token,
        Buffer.concat([photo, Buffer.alloc(5 * 1024 * 1024 + extra, 7)]),
      )
      expect(huge, `${extra}`).toMatchObject({ status: 413, body: { code: 0, reason: 'upload_too_large' } })
      expect(huge.body.msg).toContain('5 MB')
    }
    const nobody = await postImage(2_000_000, support.token, photo)
    expect(nobody.body).toMatchObject({ code: 0, reason: 'account_not_found' })

    const finance = await signedInStaff(app, 'finance')
    const refused = await postImage(userId, finance.token, photo)
    expect(refused).toMatchObject({
      status: 403,
      body: { code: 0, reason: 'staff_forbidden', msg: 'Your role does not allow this' },
    })
    expect((await postImage(userId, user.token, photo)).body.code).toBe(999)
    expect((await postImage(userId, '', photo)).body.code).toBe(999)
    expect(await countUploads()).toBe(0)
    const audited = await app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `user:${userId}`))
    expect(audited).toEqual([])

    // Admins may, as for every chat call.
    const admin = await signedInStaff(app, 'admin')
    expect((await postImage(userId, admin.token, photo)).body.code).toBe(1)
    expect(await countUploads()).toBe(1)
  })

  it('counts staff images per staff member against the upload limit', async () => {
    const limited = await startTestApp(driver, {
      historyCandles: 5,
      rateLimits: { upload: { max: 2, timeWindowMs: 60_000 } },
    })
    try {
      const user = await registerAndLogin(limited)
      const userId = user.user.id as number
      const [mia, ken] = [await signedInStaff(limited, 'support'), await signedInStaff(limited, 'support')]
      const photo = await photoWithGps()
      const post = async (token: string) => {
        const form = new FormData()
        form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'a.jpg')
        const response = await fetch(`${limited.base}/admin/api/chat/${userId}/image`, {
          method: 'POST',
          headers: { lang: 'en', authorization: token },
          body: form,
        })
        return response.status
      }
      expect([await post(mia.token), await post(mia.token), await post(mia.token)]).toEqual([200, 200, 429])
      // Another staff member behind the same address has a count of their own.
      expect(await post(ken.token)).toBe(200)
    } finally {
      await limited.close()
    }
  })
})
