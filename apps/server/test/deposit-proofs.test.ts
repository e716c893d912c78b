import sharp from 'sharp'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deposits } from '../src/db/schema.ts'
import { depositList } from '../src/staff/queues/deposit-queue.ts'
import { registerAndLogin } from './accounts.ts'
import { DRIVERS, startTestApp, type TestApp } from './harness.ts'

/*
 * Issue 22, item 7: one proof image served three deposits. The same upload, or an upload of the same
 * picture, is refused as the proof of a second deposit (whoever sends it); a resized, re-encoded copy
 * is let through but flagged to staff with the other deposit's number. On PGlite and PostgreSQL.
 */

/** A synthetic bank slip: blocks of colour placed by a seeded generator (each seed its own slip). */
function slip(seed: number, width = 640, height = 420): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3, 255)
  let state = seed
  const next = () => (state = (state * 1_103_515_245 + 12_345) & 0x7fffffff) / 0x7fffffff
  for (let block = 0; block < 40; block++) {
    const x0 = Math.floor(next() * width)
    const y0 = Math.floor(next() * height)
    const w = 20 + Math.floor(next() * 200)
    const h = 8 + Math.floor(next() * 60)
    const shade = Math.floor(next() * 200)
    for (let y = y0; y < Math.min(height, y0 + h); y++)
      for (let x = x0; x < Math.min(width, x0 + w); x++) {
        const i = (y * width + x) * 3
        pixels[i] = shade
        pixels[i + 1] = (shade * 7) % 256
        pixels[i + 2] = 255 - shade
      }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer()
}

describe.each(DRIVERS)('deposit proofs on %s', (driver) => {
  let app: TestApp

  beforeAll(async () => {
    app = await startTestApp(driver, { historyCandles: 5 })
  })
  afterAll(async () => {
    await app.close()
  })

  async function upload(token: string, bytes: Buffer): Promise<string> {
    const form = new FormData()
    form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'slip.jpg')
    const response = await fetch(`${app.base}/api/common/image_upload`, {
      method: 'POST',
      headers: { lang: 'en', authorization: token },
      body: form,
    })
    const body = await response.json()
    expect(body).toMatchObject({ code: 1 })
    return body.data.url as string
  }

  async function deposit(token: string, proof: string) {
    const [channel] = (await app.get('/api/quickCharge/info', { token })).body.data
    const query = new URLSearchParams({ number: '1000', proofImg: proof, charge_id: String(channel.id) })
    return (await app.get(`/api/quickCharge/submit?${query.toString()}`, { token })).body
  }

  const depositsOf = (userId: number) =>
    app.db.select().from(deposits).where(eq(deposits.userId, userId)).orderBy(deposits.id)

  it('refuses the same upload as the proof of a second deposit', async () => {
    const { token, user } = await registerAndLogin(app)
    const proof = await upload(token, await slip(11))
    expect(await deposit(token, proof)).toMatchObject({ code: 1 })
    const again = await deposit(token, proof)
    expect(again).toMatchObject({ code: 0, reason: 'proof_reused' })
    expect(again.msg).toBe('This payment proof has already been used for another deposit')
    expect(await depositsOf(user.id as number)).toHaveLength(1)
  })

  it('refuses the same picture uploaded again, by the same user or another, even submitted at once', async () => {
    const bytes = await slip(12)
    const alice = await registerAndLogin(app)
    const bob = await registerAndLogin(app)
    const first = await upload(alice.token, bytes)
    const second = await upload(alice.token, bytes)
    const bobs = await upload(bob.token, bytes)
    expect(second).not.toBe(first)
    const answers = await Promise.all([
      deposit(alice.token, first),
      deposit(alice.token, second),
      deposit(bob.token, bobs),
    ])
    expect(answers.filter((a) => a.code === 1)).toHaveLength(1)
    expect(answers.filter((a) => a.reason === 'proof_reused')).toHaveLength(2)
    const stored = [
      ...(await depositsOf(alice.user.id as number)),
      ...(await depositsOf(bob.user.id as number)),
    ]
    expect(stored).toHaveLength(1)
  })

  it('flags a resized, re-encoded copy to staff with the other deposit, and not a different slip', async () => {
    const original = await slip(13)
    const alice = await registerAndLogin(app)
    expect(await deposit(alice.token, await upload(alice.token, original))).toMatchObject({ code: 1 })
    const [first] = await depositsOf(alice.user.id as number)
    const copy = await sharp(original).resize(480).jpeg({ quality: 60 }).toBuffer()
    const mallory = await registerAndLogin(app)
    expect(await deposit(mallory.token, await upload(mallory.token, copy))).toMatchObject({ code: 1 })
    expect(await deposit(mallory.token, await upload(mallory.token, await slip(14)))).toMatchObject({
      code: 1,
    })
    const [copied, other] = await depositsOf(mallory.user.id as number)
    const staffView = await depositList(app.db, app.uploads, app.clock.now(), { page: 1, limit: 100 }, 0)
    const shown = (id: number) => staffView.data.find((d) => d.id === id)
    expect(shown(copied!.id)).toMatchObject({ similar_deposit_id: first!.id })
    expect(shown(copied!.id)?.similar_distance).toBeLessThanOrEqual(10)
    expect(shown(other!.id)).toMatchObject({ similar_deposit_id: null, similar_distance: null })
    // Staff reach the other deposit by its number in the queue's search.
    const found = await depositList(
      app.db,
      app.uploads,
      app.clock.now(),
      {
        page: 1,
        limit: 10,
        q: `#${first!.id}`,
      },
      0,
    )
    expect(found.data.map((d) => d.id)).toEqual([first!.id])
  })
})
