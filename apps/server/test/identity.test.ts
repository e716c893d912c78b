import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { identityChecks } from '../src/db/schema.ts'
import { reviewIdentityCheck } from '../src/identity/review.ts'
import { identityList } from '../src/staff/queues/identity-queue.ts'
import { newUploadId } from '../src/uploads/store.ts'
import { registerAndLogin } from './accounts.ts'
import { DRIVERS, startTestApp, type TestApp } from './harness.ts'
import { photoWithGps, transparentPng } from './images.ts'

/*
 * Identity verification (issue 10): submissions through the API, staff decisions through the
 * service functions the back office will call, on PGlite and PostgreSQL. A user has at most one
 * waiting or approved check, each check is decided once, and only the user's own images count.
 */

type Account = Awaited<ReturnType<typeof registerAndLogin>>

/** Posts `bytes` to image_upload as the file `name` of type `type`, whatever the bytes are. */
async function upload(app: TestApp, token: string, bytes: Buffer, name = 'id.jpg', type = 'image/jpeg') {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name)
  const response = await fetch(`${app.base}/api/common/image_upload`, {
    method: 'POST',
    headers: { lang: 'en', authorization: token },
    body: form,
  })
  return { status: response.status, body: await response.json() }
}

describe.each(DRIVERS)('identity verification on %s', (driver) => {
  let app: TestApp
  let demoToken: string

  beforeAll(async () => {
    app = await startTestApp(driver, { historyCandles: 5 })
    demoToken = (await app.get('/api/user/createAccountDemoForU?demo_id=identity-demo-0001')).body.data.token
  })
  afterAll(async () => {
    await app?.close()
  })

  /** The signed URLs of two fresh images of `account`: the front and the back of a document. */
  async function twoImages(account: Account) {
    const front = await upload(app, account.token, await photoWithGps())
    const reverse = await upload(app, account.token, await transparentPng(), 'back.png', 'image/png')
    expect(front.body.code).toBe(1)
    expect(reverse.body.code).toBe(1)
    return { front: front.body.data.url as string, reverse: reverse.body.data.url as string }
  }

  const submit = (account: Account | string, form: Record<string, unknown>, lang = 'en') =>
    app.post('/api/user_real/real_name', form, {
      token: typeof account === 'string' ? account : account.token,
      lang,
    })
  const center = async (account: Account) => {
    const answer = await app.get('/api/user_real/center', { token: account.token })
    expect(answer.body.code).toBe(1)
    return answer.body.data
  }
  const checksOf = (account: Account) =>
    app.db
      .select()
      .from(identityChecks)
      .where(eq(identityChecks.userId, account.user.id as number))
  const review = (checkId: number, approve: boolean, reason?: string) =>
    reviewIdentityCheck(app.db, { checkId, approve, reason, staff: 'alice', now: app.clock.now() })

  it('answers not submitted before the first submission', async () => {
    const user = await registerAndLogin(app)
    expect(await center(user)).toEqual({
      review_status: 0,
      name: '',
      card_id: '',
      front_pic: '',
      reverse_pic: '',
      reject_reason: '',
      submitted_at: '',
    })
  })

  it('goes from waiting, through a rejection with its reason and a resubmission, to verified', async () => {
    const user = await registerAndLogin(app)
    const images = await twoImages(user)
    const form = {
      name: '  Chan Tai Man ',
      card_id: ' a12 3456-7 ',
      front_pic: images.front,
      reverse_pic: images.reverse,
    }
    const submitted = await submit(user, form)
    expect(submitted.body).toMatchObject({ code: 1, msg: 'Submitted, please wait for the review' })

    const waiting = await center(user)
    expect(waiting).toMatchObject({
      review_status: 1,
      name: 'Chan Tai Man',
      card_id: 'A1***56-7',
      reject_reason: '',
      submitted_at: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
    })
    const [row] = await checksOf(user)
    expect(row).toMatchObject({ cardId: 'A123456-7', status: 1 })
    // The images come back as fresh signed links that serve them.
    for (const url of [waiting.front_pic, waiting.reverse_pic]) {
      expect(url).toMatch(/^\/api\/common\/upload\/[A-Za-z0-9_-]{22}\?expires=\d+&sig=/)
      expect((await fetch(`${app.base}${url}`)).status).toBe(200)
    }

    expect((await submit(user, form)).body).toMatchObject({ code: 0, reason: 'identity_pending' })

    expect(await review(row!.id, false, '')).toMatchObject({ ok: false, reason: 'invalid_input' })
    expect(await review(row!.id, false, 'x'.repeat(201))).toMatchObject({
      ok: false,
      reason: 'invalid_input',
    })
    expect(await review(row!.id, false, 'The photo of the back is blurred')).toEqual({
      ok: true,
      value: undefined,
    })
    expect(await center(user)).toMatchObject({
      review_status: 0,
      reject_reason: 'The photo of the back is blurred',
      name: 'Chan Tai Man',
    })

    expect((await submit(user, form)).body.code).toBe(1)
    expect(await center(user)).toMatchObject({ review_status: 1, reject_reason: '' })
    const rows = await checksOf(user)
    expect(rows.map((r) => r.status).sort()).toEqual([1, 3])
    const second = rows.find((r) => r.status === 1)!

    expect(await review(second.id, true)).toEqual({ ok: true, value: undefined })
    expect(await center(user)).toMatchObject({ review_status: 2, reject_reason: '' })
    expect((await submit(user, form)).body).toMatchObject({ code: 0, reason: 'identity_verified' })
    expect(await review(second.id, false, 'too late')).toMatchObject({
      ok: false,
      reason: 'already_processed',
    })
    expect(await review(2_000_000_000, true)).toMatchObject({ ok: false, reason: 'not_found' })
    expect(await checksOf(user)).toHaveLength(2)
  })

  it('keeps one check of two submissions sent at once', async () => {
    const user = await registerAndLogin(app)
    const images = await twoImages(user)
    const form = {
      name: 'Lee Siu Lung',
      card_id: 'K9876543',
      front_pic: images.front,
      reverse_pic: images.reverse,
    }
    const answers = await Promise.all([submit(user, form), submit(user, form), submit(user, form)])
    expect(answers.filter((a) => a.body.code === 1)).toHaveLength(1)
    for (const refused of answers.filter((a) => a.body.code !== 1))
      expect(refused.body).toMatchObject({ code: 0, reason: 'identity_pending' })
    expect(await checksOf(user)).toHaveLength(1)
  })

  it('decides a check exactly once when two staff decide at the same time', async () => {
    const user = await registerAndLogin(app)
    const images = await twoImages(user)
    await submit(user, {
      name: 'Wong Ka Yan',
      card_id: 'Z1234567',
      front_pic: images.front,
      reverse_pic: images.reverse,
    })
    const [row] = await checksOf(user)
    const decisions = await Promise.all([
      review(row!.id, true),
      review(row!.id, false, 'Not readable'),
      review(row!.id, true),
    ])
    expect(decisions.filter((d) => d.ok)).toHaveLength(1)
    for (const refused of decisions.filter((d) => !d.ok))
      expect(refused).toMatchObject({ reason: 'already_processed' })
    const [decided] = await checksOf(user)
    expect(decided).toMatchObject({ reviewedBy: 'alice' })
    expect(decided!.reviewedAt).toBeInstanceOf(Date)
  })

  it('refuses images that are not an image, too large, or not the user’s own', async () => {
    const user = await registerAndLogin(app)
    const other = await registerAndLogin(app)
    const script = await upload(
      app,
      user.token,
      Buffer.from('<script>alert(document.cookie)</script>'),
      'id.png',
      'image/png',
    )
    expect(script.body).toMatchObject({ code: 0, reason: 'upload_not_image' })
    const huge = await upload(
      app,
      user.token,
      Buffer.concat([await photoWithGps(), Buffer.alloc(30 * 1024 * 1024, 7)]),
    )
    expect(huge).toMatchObject({ status: 413, body: { code: 0, reason: 'upload_too_large' } })

    const mine = await twoImages(user)
    const theirs = await twoImages(other)
    const madeUp = `/api/common/upload/${newUploadId()}?expires=99999999999999&sig=forged`
    const base = { name: 'Ho Man Yee', card_id: 'P1234567' }
    for (const [front, reverse] of [
      [theirs.front, mine.reverse],
      [mine.front, `http://evil.example${theirs.reverse}`],
      [madeUp, mine.reverse],
      [mine.front, mine.front],
      [mine.front, ''],
      ['', ''],
      [mine.front, '/api/common/upload/../../etc/passwd'],
      [mine.front, 'javascript:alert(1)'],
    ]) {
      const answer = await submit(user, { ...base, front_pic: front, reverse_pic: reverse })
      expect(answer.body, `${front} / ${reverse}`).toMatchObject({
        code: 0,
        reason: 'image_invalid',
        msg: 'The image is not valid, please upload it again',
      })
    }
    expect(await checksOf(user)).toHaveLength(0)

    // Links to the images cannot be made up: an unsigned or re-signed link serves nothing.
    const id = /upload\/([^?]+)/.exec(mine.front)![1]
    for (const link of [`/api/common/upload/${id}`, mine.front.replace(/sig=[^&]+/, 'sig=AAAA'), madeUp]) {
      const response = await fetch(`${app.base}${link}`)
      expect(response.status).toBe(403)
    }
    // With host prefix, as a client on another host sends it, the user's own images are accepted.
    const accepted = await submit(user, {
      ...base,
      front_pic: `https://app.example.com${mine.front}`,
      reverse_pic: mine.reverse,
    })
    expect(accepted.body.code).toBe(1)
  })

  it('refuses bad fields with a translated message and stores nothing', async () => {
    const user = await registerAndLogin(app)
    const images = await twoImages(user)
    const good = {
      name: 'Chan Tai Man',
      card_id: 'A1234567',
      front_pic: images.front,
      reverse_pic: images.reverse,
    }
    const bad: [Record<string, unknown>, string][] = [
      [{ ...good, name: undefined }, 'name'],
      [{ ...good, name: 'X' }, 'name'],
      [{ ...good, name: '   ' }, 'name'],
      [{ ...good, name: 'N'.repeat(65) }, 'name'],
      [{ ...good, name: 'Chan\tTai Man' }, 'name'],
      [{ ...good, name: 'Chan\u001bTai' }, 'name'],
      [{ ...good, card_id: undefined }, 'card_id'],
      [{ ...good, card_id: '1'.repeat(200) }, 'card_id'],
      [{ ...good, card_id: 'AB1' }, 'card_id'],
      [{ ...good, card_id: '-- --' }, 'card_id'],
      [{ ...good, card_id: 'A123<456>' }, 'card_id'],
      [{ ...good, card_id: 'A123\n4567' }, 'card_id'],
      [{ ...good, front_pic: 'x'.repeat(3000) }, 'front_pic'],
    ]
    for (const [form, field] of bad) {
      for (const lang of ['en', 'hk']) {
        const answer = await submit(
          user,
          Object.fromEntries(Object.entries(form).filter(([, v]) => v !== undefined)),
          lang,
        )
        expect(answer.body, `${field} ${JSON.stringify(form[field])}`).toMatchObject({
          code: 0,
          reason: 'invalid_input',
        })
        expect(answer.body.msg).not.toMatch(/field\.|\{\{/)
      }
    }
    const json = await app.post(
      '/api/user_real/real_name',
      { ...good, name: 42 },
      { token: user.token, json: true },
    )
    expect(json.body).toMatchObject({ code: 0, reason: 'invalid_input' })
    expect(await checksOf(user)).toHaveLength(0)
    // The same form, well formed, as JSON: accepted, the ID number normalised (full-width digits too).
    const ok = await app.post(
      '/api/user_real/real_name',
      { ...good, card_id: 'ｇ１２３ ４５６' },
      { token: user.token, json: true },
    )
    expect(ok.body.code).toBe(1)
    expect((await checksOf(user))[0]).toMatchObject({ cardId: 'G123456' })
  })

  it('refuses demo accounts and visitors, and shows each user only their own check', async () => {
    for (const path of ['/api/user_real/center', '/api/user/invite_info']) {
      expect((await app.get(path, { token: demoToken })).body, path).toMatchObject({
        code: 0,
        reason: 'demo_forbidden',
      })
      expect((await app.get(path)).body.code, path).toBe(999)
    }
    const demoSubmit = await submit(demoToken, {
      name: 'Demo User',
      card_id: 'D1234567',
      front_pic: 'x',
      reverse_pic: 'y',
    })
    expect(demoSubmit.body).toMatchObject({ code: 0, reason: 'demo_forbidden' })
    expect((await upload(app, demoToken, await photoWithGps())).body).toMatchObject({
      code: 0,
      reason: 'demo_forbidden',
    })

    const owner = await registerAndLogin(app)
    const stranger = await registerAndLogin(app)
    const images = await twoImages(owner)
    await submit(owner, {
      name: 'Owner Name',
      card_id: 'O1234567',
      front_pic: images.front,
      reverse_pic: images.reverse,
    })
    expect(await center(owner)).toMatchObject({ review_status: 1, name: 'Owner Name' })
    expect(await center(stranger)).toMatchObject({ review_status: 0, name: '', front_pic: '' })
    // The stranger's own submission with the owner's images is refused.
    const stolen = await submit(stranger, {
      name: 'Stranger',
      card_id: 'S1234567',
      front_pic: images.front,
      reverse_pic: images.reverse,
    })
    expect(stolen.body.reason).toBe('image_invalid')
  })

  it('lists checks for staff with the full number and signed image links', async () => {
    const user = await registerAndLogin(app)
    const images = await twoImages(user)
    await submit(user, {
      name: 'Queue Person',
      card_id: 'Q12345678',
      front_pic: images.front,
      reverse_pic: images.reverse,
    })
    const waiting = await identityList(app.db, app.uploads, app.clock.now(), {
      status: 1,
      page: 1,
      limit: 100,
      q: '',
    })
    const item = waiting.data.find((i) => i.user_id === user.user.id)
    expect(item).toMatchObject({
      name: 'Queue Person',
      card_id: 'Q12345678',
      status: 1,
      uid: user.user.uid,
      email: user.email,
    })
    expect((await fetch(`${app.base}${item!.front_pic}`)).status).toBe(200)
    expect(waiting.total).toBe(waiting.data.length)
    expect(waiting.data.every((i) => i.status === 1)).toBe(true)
    const all = await identityList(app.db, app.uploads, app.clock.now(), { page: 1, limit: 1, q: '' })
    expect(all.data).toHaveLength(1)
    expect(all.total).toBeGreaterThan(waiting.total)
  })
})

describe('identity submissions are rate limited per user', () => {
  let app: TestApp
  beforeAll(async () => {
    app = await startTestApp('pglite', {
      historyCandles: 5,
      rateLimits: { money: { max: 2, timeWindowMs: 60_000 } },
    })
  })
  afterAll(async () => {
    await app?.close()
  })

  it('answers 429 past the limit', async () => {
    const user = await registerAndLogin(app)
    const statuses = []
    for (let i = 0; i < 3; i++)
      statuses.push(
        (await app.post('/api/user_real/real_name', { name: 'A', card_id: 'x' }, { token: user.token }))
          .status,
      )
    expect(statuses).toEqual([200, 200, 429])
    // Another user has a count of their own.
    const other = await registerAndLogin(app)
    expect((await app.post('/api/user_real/real_name', { name: 'A' }, { token: other.token })).status).toBe(
      200,
    )
  })
})
