import { and, eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { EMAIL_NOTICE_KINDS, NOTICE_KINDS, type NoticeKind } from '@tp/contracts'
import { staffReply } from '../src/chat/staff-chat.ts'
import { noticeSends, notices, pushSubscriptions } from '../src/db/schema.ts'
import { dispatchNotices, startNoticeDelivery } from '../src/notices/notice-delivery.ts'
import { notify } from '../src/notices/notices.ts'
import { webPushTransport } from '../src/notices/push-transport.ts'
import { outboxMessenger } from '../src/messaging/outbox.ts'
import { decideDeposit } from '../src/staff/queues/decisions.ts'
import { MAX_PUSH_DEVICES } from '../src/notices/push-subscriptions.ts'
import { registerAndLogin } from './accounts.ts'
import { approvedDeposit, financePair } from './approvers.ts'
import { depositRequested } from './funded.ts'
import { DRIVERS, startTestApp, type TestApp } from './harness.ts'
import { startPushService, type TestDevice } from './push-service.ts'

/*
 * Issue 26 (decision 044): a notice goes out by web push (to each of its owner's devices) and by
 * e-mail (the money and identity events) after the commit that wrote it, once per channel and
 * target, in its owner's language, to its owner only; across restarts and concurrent senders too.
 * The push service is a local one that decrypts what the server sent, as a browser would.
 */

describe.each(DRIVERS)('notice delivery on %s', (driver) => {
  let app: TestApp
  let pushService: Awaited<ReturnType<typeof startPushService>>
  type User = Awaited<ReturnType<typeof registerAndLogin>> & { userId: number }

  beforeAll(async () => {
    pushService = await startPushService()
    app = await startTestApp(driver, { historyCandles: 5, pushServices: [pushService.origin] })
  })
  afterAll(async () => {
    await app?.close()
    await pushService?.close()
  })
  afterEach(() => app.noticeDelivery.drain())

  async function user(lang = 'en'): Promise<User> {
    const signedUp = await registerAndLogin(app)
    // The language the app is read in is kept for the user's messages.
    await app.get('/api/user/info', { token: signedUp.token, lang })
    return { ...signedUp, userId: signedUp.user.id as number }
  }
  async function subscribed(who: User): Promise<TestDevice> {
    const device = pushService.device()
    const answer = await app.post('/api/push/subscribe', device.subscription, {
      token: who.token,
      json: true,
    })
    expect(answer.body).toMatchObject({ code: 1 })
    return device
  }
  const mailsTo = (who: User) => app.delivered.filter((m) => m.channel === 'email' && m.to === who.email)
  const kinds = (device: TestDevice) => device.received.map((m) => (m as { kind: string }).kind)
  const sendsOf = async (noticeId: number) =>
    app.db.select().from(noticeSends).where(eq(noticeSends.noticeId, noticeId))
  async function noticeOf(who: User, kind: NoticeKind) {
    const [row] = await app.db
      .select()
      .from(notices)
      .where(and(eq(notices.userId, who.userId), eq(notices.kind, kind)))
    return row!
  }

  it('sends a credited deposit to each of its owner’s devices and by e-mail, once, in the owner’s language', async () => {
    const owner = await user('en')
    const other = await user('en')
    const [phone, tablet] = [await subscribed(owner), await subscribed(owner)]
    const othersPhone = await subscribed(other)
    await approvedDeposit(app, await depositRequested(app, owner, '250'))
    expect(phone.received).toEqual([]) // nothing is sent from the decision itself

    await app.noticeDelivery.drain()
    await app.noticeDelivery.drain()
    for (const device of [phone, tablet])
      expect(device.received).toEqual([
        expect.objectContaining({
          kind: 'deposit_credited',
          title: 'Deposit credited',
          body: expect.stringContaining('250.00 USD'),
          link: '/mine/charge',
        }),
      ])
    expect(othersPhone.received).toEqual([])
    const mails = mailsTo(owner).filter((m) => m.subject === 'Deposit credited')
    expect(mails).toHaveLength(1)
    expect(mails[0]!.text).toContain('http://app.test/mine/charge')
    expect(mails[0]!.text).toContain('http://app.test/mine/notices')
    expect(mailsTo(other).filter((m) => m.subject === 'Deposit credited')).toEqual([])
    // A VAPID-signed, encrypted request per device, kept a day by the push service.
    const request = pushService.requests.find((r) => phone.subscription.endpoint.endsWith(r.path))!
    expect(request.headers['content-encoding']).toBe('aes128gcm')
    expect(request.headers.ttl).toBe('86400')
    expect(request.headers.authorization).toContain(`k=${app.vapidKeys.publicKey}`)
  })

  it('writes each message in the language the owner last used the app in', async () => {
    const owner = await user('jp')
    const phone = await subscribed(owner)
    const deposit = await depositRequested(app, owner, '30')
    const [finance] = await financePair(app)
    const actor = { staffId: finance, email: 'finance@broker.example', address: '127.0.0.1' }
    await decideDeposit(app.db, app.desk, actor, deposit, 'reject', 'proof unreadable')
    // The app is now read in Arabic: what is sent from here on is in Arabic.
    await app.get('/api/notice/unread', { token: owner.token, lang: 'ar' })
    await app.noticeDelivery.drain()
    const [message] = phone.received as { title: string; body: string }[]
    expect(message!.title).toMatch(/[\u0600-\u06ff]/)
    expect(message!.body).toContain('proof unreadable')
    const [mail] = mailsTo(owner).filter((m) => m.subject === message!.title)
    expect(mail).toBeDefined()
    expect(mail!.text).toContain('proof unreadable')
  })

  it('sends every kind by push, and by e-mail only the money and identity events', async () => {
    const owner = await user('en')
    const phone = await subscribed(owner)
    const before = mailsTo(owner).length
    await app.db.transaction(async (tx) => {
      for (const kind of NOTICE_KINDS)
        await notify(tx, { userId: owner.userId, kind, ref: `every:${kind}`, params: { id: 1, amount: '1' } })
    })
    await app.noticeDelivery.drain()
    expect(kinds(phone).sort()).toEqual([...NOTICE_KINDS].sort())
    expect(mailsTo(owner).length - before).toBe(EMAIL_NOTICE_KINDS.length)
  })

  it('sends a staff reply in the support chat by push, with what staff wrote', async () => {
    const owner = await user('en')
    const phone = await subscribed(owner)
    const deps = { db: app.db, clock: app.clock.now, topics: app.topics, uploads: app.uploads }
    expect(
      await staffReply(deps, { userId: owner.userId, staffName: 'Mia', text: 'Your card is fine now' }),
    ).toMatchObject({ ok: true })
    await app.noticeDelivery.drain()
    expect(phone.received).toEqual([
      expect.objectContaining({
        kind: 'support_reply',
        body: expect.stringContaining('Your card is fine now'),
        link: '/mine/chat',
      }),
    ])
    expect(mailsTo(owner).filter((m) => m.subject === 'Support replied')).toEqual([])
  })

  it('follows the owner’s choices per kind and channel; e-mail of a trading event cannot be chosen', async () => {
    const owner = await user('en')
    const phone = await subscribed(owner)
    const choose = (body: Record<string, unknown>) =>
      app.post('/api/notice/prefs', body, { token: owner.token })
    expect((await choose({ kind: 'deposit_credited', channel: 'email', on: 0 })).body).toMatchObject({
      code: 1,
    })
    expect((await choose({ kind: 'price_alert', channel: 'push', on: 'false' })).body).toMatchObject({
      code: 1,
    })
    for (const bad of [
      { kind: 'stop_loss', channel: 'email', on: 1 },
      { kind: 'nothing', channel: 'push', on: 1 },
      { kind: 'price_alert', channel: 'sms', on: 1 },
      { kind: 'price_alert', channel: 'push', on: 2 },
      { kind: 'price_alert', channel: 'push' },
      // A second factor added or removed always reaches its owner (decision 047).
      { kind: 'second_factor_added', channel: 'email', on: 0 },
      { kind: 'second_factor_removed', channel: 'push', on: 0 },
    ]) {
      const refused = (await choose(bad)).body
      expect(refused, JSON.stringify(bad)).toMatchObject({ code: 0 })
      expect(refused.msg).not.toContain('field.')
    }
    const prefs = (await app.get('/api/notice/prefs', { token: owner.token })).body.data.list
    expect(prefs).toHaveLength(NOTICE_KINDS.length)
    expect(prefs).toContainEqual({ kind: 'deposit_credited', push: true, email: false })
    expect(prefs).toContainEqual({ kind: 'price_alert', push: false, email: null })
    expect(prefs).toContainEqual({ kind: 'stop_loss', push: true, email: null })
    expect(prefs).toContainEqual({ kind: 'second_factor_added', push: true, email: true })

    await approvedDeposit(app, await depositRequested(app, owner, '40'))
    await app.db.transaction((tx) =>
      notify(tx, { userId: owner.userId, kind: 'price_alert', ref: 'alert:x' }),
    )
    await app.noticeDelivery.drain()
    expect(kinds(phone)).toEqual(['deposit_credited'])
    expect(mailsTo(owner).filter((m) => m.subject === 'Deposit credited')).toEqual([])
    // The inbox holds both whatever was chosen.
    const inbox = (await app.get('/api/notice/list', { token: owner.token })).body.data.list
    expect(inbox.map((n: { kind: string }) => n.kind).sort()).toEqual(['deposit_credited', 'price_alert'])
  })

  it('removes a device whose push service says it is gone, and tries a failing one again later, once', async () => {
    const owner = await user('en')
    const gone = await subscribed(owner)
    const flaky = await subscribed(owner)
    gone.answer = 410
    flaky.answer = 500
    await approvedDeposit(app, await depositRequested(app, owner, '60'))
    await app.noticeDelivery.drain()
    const devices = await app.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, owner.userId))
    expect(devices.map((d) => d.endpoint)).toEqual([flaky.subscription.endpoint])
    const notice = await noticeOf(owner, 'deposit_credited')
    const [waiting] = (await sendsOf(notice.id)).filter((s) => s.channel === 'push')
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1 })

    flaky.answer = 201
    await app.noticeDelivery.drain() // not due yet
    expect(flaky.received).toEqual([])
    app.clock.advance(31_000)
    await app.noticeDelivery.drain()
    app.clock.advance(600_000)
    await app.noticeDelivery.drain()
    expect(kinds(flaky)).toEqual(['deposit_credited'])
    expect((await sendsOf(notice.id)).find((s) => s.channel === 'push')).toMatchObject({
      status: 'sent',
      attempts: 2,
    })
  })

  it('loses nothing and repeats nothing across a restart between the commit and the send', async () => {
    const owner = await user('en')
    const phone = await subscribed(owner)
    await approvedDeposit(app, await depositRequested(app, owner, '70'))
    await app.restart() // committed, not yet dispatched
    await app.noticeDelivery.drain()
    const credited = await noticeOf(owner, 'deposit_credited')
    await approvedDeposit(app, await depositRequested(app, owner, '80'))
    expect(await dispatchNotices(app.db, app.clock.now())).toBeGreaterThan(0) // dispatched, not yet sent
    await app.restart()
    await app.noticeDelivery.drain()
    await app.noticeDelivery.drain()
    expect(phone.received).toHaveLength(2)
    expect(mailsTo(owner).filter((m) => m.subject === 'Deposit credited')).toHaveLength(2)
    expect(await sendsOf(credited.id)).toEqual(
      expect.arrayContaining([expect.objectContaining({ channel: 'push', status: 'sent' })]),
    )
  })

  it('sends each notice once when two processes deliver at the same time', async () => {
    const owners = [await user('en'), await user('en'), await user('en')]
    const phones = await Promise.all(owners.map((o) => subscribed(o)))
    for (const owner of owners) await approvedDeposit(app, await depositRequested(app, owner, '90'))
    const second = startNoticeDelivery({
      db: app.db,
      push: webPushTransport(app.vapidKeys, 'mailto:x@example.com'),
      messenger: outboxMessenger(app.db, {}, { info: () => undefined, warn: () => undefined }),
      name: () => undefined,
      publicUrl: 'http://second.test',
      clock: app.clock.now,
      onError: (error) => {
        throw error
      },
      pollMs: 0,
    })
    await Promise.all([
      app.noticeDelivery.drain(),
      second.drain(),
      app.noticeDelivery.drain(),
      second.drain(),
    ])
    await second.stop()
    for (const phone of phones) expect(kinds(phone)).toEqual(['deposit_credited'])
  })

  it('moves a device to whoever subscribed on it last, with nothing of the first user’s sent there', async () => {
    const first = await user('en')
    const second = await user('en')
    const phone = await subscribed(first)
    await approvedDeposit(app, await depositRequested(app, first, '20'))
    expect(await dispatchNotices(app.db, app.clock.now())).toBeGreaterThan(0) // a send waits for the phone
    const again = await app.post('/api/push/subscribe', phone.subscription, {
      token: second.token,
      json: true,
    })
    expect(again.body).toMatchObject({ code: 1 })
    await app.noticeDelivery.drain()
    expect(phone.received).toEqual([])
    // The first user cannot take it back off the second, by any spelling of it.
    await app.post('/api/push/unsubscribe', { endpoint: phone.subscription.endpoint }, { token: first.token })
    const [row] = await app.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, phone.subscription.endpoint))
    expect(row!.userId).toBe(second.userId)
    await app.post(
      '/api/push/unsubscribe',
      { endpoint: phone.subscription.endpoint },
      { token: second.token },
    )
    expect(
      await app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, second.userId)),
    ).toEqual([])
  })

  it('refuses a subscription to anything but a listed push service, and keeps the newest devices only', async () => {
    const owner = await user('en')
    const keys = pushService.device().subscription.keys
    for (const endpoint of [
      'http://169.254.169.254/latest/meta-data',
      'https://fcm.googleapis.com.evil.example/send/x',
      'http://localhost:5432/',
      `${pushService.origin.replace('http:', 'https:')}/push/x`,
      `http://user:pw@${pushService.origin.slice('http://'.length)}/push/x`,
      'not a url',
      `${pushService.origin}/${'x'.repeat(1000)}`,
    ]) {
      const answer = await app.post(
        '/api/push/subscribe',
        { endpoint, keys },
        { token: owner.token, json: true },
      )
      expect(answer.body, endpoint).toMatchObject({ code: 0 })
    }
    for (const bad of [{ ...keys, p256dh: keys.auth }, { ...keys, auth: 'short' }, {}]) {
      const answer = await app.post(
        '/api/push/subscribe',
        { endpoint: `${pushService.origin}/push/y`, keys: bad },
        { token: owner.token, json: true },
      )
      expect(answer.body).toMatchObject({ code: 0 })
    }
    const signedOut = await app.post('/api/push/subscribe', pushService.device().subscription, { json: true })
    expect(signedOut.body.code).toBe(999)
    const devices = await Promise.all(Array.from({ length: MAX_PUSH_DEVICES + 3 }, () => subscribed(owner)))
    const kept = await app.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, owner.userId))
    expect(kept).toHaveLength(MAX_PUSH_DEVICES)
    expect(devices.length).toBe(MAX_PUSH_DEVICES + 3)
    expect((await app.get('/api/push/key')).body.data).toEqual({ key: app.vapidKeys.publicKey })
  })
})
