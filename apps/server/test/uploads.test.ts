import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { uploads, users } from '../src/db/schema.ts'
import { filesystemUploadStore, newUploadId } from '../src/uploads/store.ts'
import { createUploads, uploadOwnedBy } from '../src/uploads/uploads.ts'
import { registerAndLogin } from './accounts.ts'
import { DRIVERS, startTestApp, type TestApp } from './harness.ts'
import { EXIF_MARKER, hasGpsPointer, photoWithGps, pngClaiming, transparentPng } from './images.ts'

/** Posts `bytes` as the multipart field `field` (named and typed as a JPEG whatever it holds). */
async function upload(app: TestApp, token: string | undefined, bytes: Buffer, field = 'file') {
  const form = new FormData()
  form.append(field, new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'photo.jpg')
  const response = await fetch(`${app.base}/api/common/image_upload`, {
    method: 'POST',
    headers: { lang: 'en', ...(token ? { authorization: token } : {}) },
    body: form,
  })
  return { status: response.status, body: await response.json() }
}

async function fetchUrl(app: TestApp, url: string) {
  const response = await fetch(`${app.base}${url}`, { headers: { lang: 'en' } })
  const bytes = Buffer.from(await response.arrayBuffer())
  return {
    status: response.status,
    headers: response.headers,
    bytes,
    json: () => JSON.parse(bytes.toString()),
  }
}

async function userIdOf(app: TestApp, email: string): Promise<number> {
  const [row] = await app.db.select({ id: users.id }).from(users).where(eq(users.email, email))
  if (!row) throw new Error(`no user ${email}`)
  return row.id
}

describe.each(DRIVERS)('image uploads (%s)', (driver) => {
  let app: TestApp
  let owner: Awaited<ReturnType<typeof registerAndLogin>>
  let other: Awaited<ReturnType<typeof registerAndLogin>>
  beforeAll(async () => {
    app = await startTestApp(driver)
    owner = await registerAndLogin(app)
    other = await registerAndLogin(app)
  })
  afterAll(() => app?.close())

  it('re-encodes a photo without its EXIF, upright, and serves it to the holder of its signed URL', async () => {
    const photo = await photoWithGps(60, 40)
    expect(hasGpsPointer((await sharp(photo).metadata()).exif)).toBe(true)
    const answer = await upload(app, owner.token, photo)
    expect(answer).toMatchObject({ status: 200, body: { code: 1, data: { id: expect.any(String) } } })
    const { id, url } = answer.body.data
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/)
    expect(url).toMatch(new RegExp(`^/api/common/upload/${id}\\?expires=\\d+&sig=[A-Za-z0-9_-]{43}$`))

    const served = await fetchUrl(app, url)
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('image/jpeg')
    expect(served.headers.get('cache-control')).toBe('private, max-age=900')
    expect(served.headers.get('content-disposition')).toBe('inline')
    expect(served.headers.get('x-content-type-options')).toBe('nosniff')
    const stored = await sharp(served.bytes).metadata()
    expect(stored).toMatchObject({ format: 'jpeg', width: 40, height: 60 }) // turned by orientation 6
    expect(hasGpsPointer(stored.exif)).toBe(false)
    expect(served.bytes.includes(EXIF_MARKER)).toBe(false)

    const [row] = await app.db.select().from(uploads).where(eq(uploads.id, id))
    expect(row).toMatchObject({
      userId: await userIdOf(app, owner.email),
      contentType: 'image/jpeg',
      width: 40,
      height: 60,
    })
    expect(row?.bytes).toBe(served.bytes.length)
  })

  it('keeps transparency as PNG', async () => {
    const answer = await upload(app, owner.token, await transparentPng())
    expect(answer.body.code).toBe(1)
    const served = await fetchUrl(app, answer.body.data.url)
    expect(served.headers.get('content-type')).toBe('image/png')
    expect((await sharp(served.bytes).metadata()).hasAlpha).toBe(true)
  })

  it('lets a URL work for whoever holds it, until it expires, but the upload belongs to its owner only', async () => {
    const { id, url } = (await upload(app, owner.token, await photoWithGps())).body.data
    const otherId = (await upload(app, other.token, await photoWithGps())).body.data.id
    const [ownerId, otherUserId] = [await userIdOf(app, owner.email), await userIdOf(app, other.email)]
    expect(await uploadOwnedBy(app.db, id, ownerId)).toBe(true)
    expect(await uploadOwnedBy(app.db, id, otherUserId)).toBe(false)
    expect(await uploadOwnedBy(app.db, otherId, ownerId)).toBe(false)
    expect(await uploadOwnedBy(app.db, '../../etc/passwd', ownerId)).toBe(false)

    expect((await fetchUrl(app, url)).status).toBe(200)
    const tampered = url.replace(/sig=(.)/, (_: string, c: string) => `sig=${c === 'A' ? 'B' : 'A'}`)
    const later = url.replace(/expires=(\d+)/, (_: string, ms: string) => `expires=${Number(ms) + 60_000}`)
    for (const bad of [tampered, later, url.replace(/&sig=.*/, ''), url.replace(id, otherId)]) {
      const refused = await fetchUrl(app, bad)
      expect(refused.status).toBe(403)
      expect(refused.json()).toMatchObject({ code: 0, reason: 'upload_link_invalid' })
    }
    app.clock.advance(15 * 60_000 + 1)
    expect((await fetchUrl(app, url)).status).toBe(403)
    // A fresh URL (what staff or the deposit screen get) works again; an id never stored is 404.
    expect((await fetchUrl(app, app.uploads.signedUploadUrl(id, app.clock.now().getTime()))).status).toBe(200)
    const unknown = await fetchUrl(app, app.uploads.signedUploadUrl(newUploadId(), app.clock.now().getTime()))
    expect(unknown.status).toBe(404)
  })

  it('refuses what is not an image, by content', async () => {
    const photo = await photoWithGps()
    const garbage = Buffer.concat([
      photo.subarray(0, 20),
      Buffer.from('<script>alert(1)</script>'.repeat(40)),
    ])
    for (const bytes of [Buffer.from('just some text, named photo.jpg'), garbage, Buffer.alloc(0)]) {
      expect((await upload(app, owner.token, bytes)).body).toMatchObject({
        code: 0,
        reason: 'upload_not_image',
      })
    }
    const bomb = await upload(app, owner.token, pngClaiming(10_000))
    expect(bomb.body).toMatchObject({ code: 0, reason: 'upload_too_large' })
    // A real image with a payload appended decodes, and re-encoding leaves the payload behind.
    const polyglot = Buffer.concat([photo, Buffer.from('<script>alert(1)</script>')])
    const kept = await upload(app, owner.token, polyglot)
    expect(kept.body.code).toBe(1)
    expect((await fetchUrl(app, kept.body.data.url)).bytes.includes('<script>')).toBe(false)
  })

  it('answers 413 past 5 MB, and code 0 without the file field', async () => {
    const huge = Buffer.concat([await photoWithGps(), Buffer.alloc(6 * 1024 * 1024, 1)])
    expect(await upload(app, owner.token, huge)).toMatchObject({
      status: 413,
      body: {
        code: 0,
        reason: 'upload_too_large',
        msg: 'The image is too large: at most 5 MB and 40 megapixels',
      },
    })
    expect(await upload(app, owner.token, await photoWithGps(), 'picture')).toMatchObject({
      status: 200,
      body: { code: 0, reason: 'invalid_input', msg: 'Please check the field: image' },
    })
    const notMultipart = await app.post('/api/common/image_upload', { file: 'x' }, { token: owner.token })
    expect(notMultipart.status).toBe(200)
  })

  it('refuses demo accounts and strangers', async () => {
    const demo = await app.get('/api/user/createAccountDemoForU?demo_id=device-upload-0001')
    const answer = await upload(app, demo.body.data.token, await photoWithGps())
    expect(answer.body).toMatchObject({ code: 0, reason: 'demo_forbidden' })
    expect((await upload(app, undefined, await photoWithGps())).body.code).toBe(999)
  })
})

describe('upload limits', () => {
  let app: TestApp
  beforeAll(async () => {
    app = await startTestApp('pglite', { rateLimits: { upload: { max: 30, timeWindowMs: 60_000 } } })
  })
  afterAll(() => app?.close())

  it('allows 30 uploads a minute per user', async () => {
    const { token } = await registerAndLogin(app)
    const photo = await photoWithGps(8, 8)
    const statuses = []
    for (let i = 0; i < 31; i++) statuses.push((await upload(app, token, photo)).status)
    expect(statuses.filter((s) => s === 200)).toHaveLength(30)
    expect(statuses[30]).toBe(429)
    const other = await registerAndLogin(app)
    expect((await upload(app, other.token, photo)).status).toBe(200)
  })

  it('caps the bytes one user stores in 24 hours', async () => {
    const { email } = await registerAndLogin(app)
    const userId = await userIdOf(app, email)
    const photo = await photoWithGps(8, 8)
    const size = (await app.uploads.save(app.db, userId, photo, app.clock.now())).ok
    expect(size).toBe(true)
    const [first] = await app.db
      .select({ bytes: uploads.bytes })
      .from(uploads)
      .where(eq(uploads.userId, userId))
    const dir = await mkdtemp(join(tmpdir(), 'test-daily-'))
    const capped = createUploads({
      store: filesystemUploadStore(dir),
      signingKey: 'k'.repeat(32),
      dailyBytesPerUser: first!.bytes * 3,
    })
    const outcomes = []
    for (let i = 0; i < 3; i++) outcomes.push(await capped.save(app.db, userId, photo, app.clock.now()))
    expect(outcomes.map((o) => (o.ok ? 'ok' : o.reason))).toEqual(['ok', 'ok', 'upload_daily_limit'])
    app.clock.advance(24 * 60 * 60_000 + 1)
    expect((await capped.save(app.db, userId, photo, app.clock.now())).ok).toBe(true)
    await rm(dir, { recursive: true })
  })

  it('answers odd multipart bodies and links with the envelope, never 500', async () => {
    const { token } = await registerAndLogin(app)
    const photo = new Blob([new Uint8Array(await photoWithGps(8, 8))], { type: 'image/jpeg' })
    const twoFiles = new FormData()
    twoFiles.append('file', photo, 'a.jpg')
    twoFiles.append('file', photo, 'b.jpg')
    const manyFields = new FormData()
    for (let i = 0; i < 20; i++) manyFields.append(`f${i}`, 'x')
    manyFields.append('file', photo, 'a.jpg')
    const calls = [
      ['/api/common/image_upload', twoFiles],
      ['/api/common/image_upload', manyFields],
      ['/api/user/loginForU', twoFiles], // only the upload call reads multipart bodies
    ] as const
    for (const [path, body] of calls) {
      const response = await fetch(`${app.base}${path}`, {
        method: 'POST',
        headers: { authorization: token },
        body,
      })
      expect(response.status).toBeLessThan(500)
      expect(await response.json()).toHaveProperty('code')
    }
    for (const path of [
      '/api/common/upload/..%2F..%2Fupload-signing.key?expires=99999999999999&sig=x',
      '/api/common/upload/x?expires=1&expires=2&sig=a&sig=b',
      '/api/common/upload/AAAAAAAAAAAAAAAAAAAAAA?expires=1e20&sig=',
      '/api/common/upload/',
    ]) {
      const response = await fetch(`${app.base}${path}`)
      expect([403, 404]).toContain(response.status)
      expect((await response.json()).code).toBe(0)
    }
  })
})
