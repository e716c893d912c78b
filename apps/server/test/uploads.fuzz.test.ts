import { count } from 'drizzle-orm'
import fc from 'fast-check'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { uploads } from '../src/db/schema.ts'
import { reencodeImage } from '../src/uploads/image.ts'
import { registerAndLogin } from './accounts.ts'
import { DRIVERS, startTestApp, type TestApp } from './harness.ts'

/**
 * Hostile bytes at the image check and hostile bodies at the upload call: real images with bytes
 * flipped or cut (what decoders choke on), random bytes behind a real signature, and multipart
 * bodies broken at every level. Never a throw, never a 5xx, always the envelope.
 */
const seeds = Promise.all([
  sharp({ create: { width: 24, height: 16, channels: 3, background: '#c04020' } })
    .jpeg()
    .toBuffer(),
  sharp({ create: { width: 24, height: 16, channels: 4, background: '#20c04080' } })
    .png()
    .toBuffer(),
  sharp({ create: { width: 24, height: 16, channels: 3, background: '#2040c0' } })
    .webp()
    .toBuffer(),
])
const SIGNATURES = [
  [0xff, 0xd8, 0xff],
  [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  [...Buffer.from('RIFF\0\0\0\0WEBP')],
]

function damaged(images: Buffer[]) {
  const flipped = fc
    .record({
      image: fc.nat(images.length - 1),
      flips: fc.array(fc.record({ at: fc.nat(), byte: fc.integer({ min: 0, max: 255 }) }), {
        minLength: 1,
        maxLength: 8,
      }),
      cut: fc.option(fc.nat()),
    })
    .map(({ image, flips, cut }) => {
      const copy = Buffer.from(images[image]!)
      for (const { at, byte } of flips) copy[at % copy.length] = byte
      return cut === null ? copy : copy.subarray(0, cut % copy.length)
    })
  const behindSignature = fc
    .tuple(fc.constantFrom(...SIGNATURES), fc.uint8Array({ maxLength: 2048 }))
    .map(([signature, rest]) => Buffer.concat([Buffer.from(signature), rest]))
  return fc.oneof(
    flipped,
    behindSignature,
    fc.uint8Array({ maxLength: 512 }).map((b) => Buffer.from(b)),
  )
}

describe('image check under damaged input', () => {
  it('answers every one of 2,000 damaged images with an image or a refusal, never a throw', async () => {
    const images = await seeds
    await fc.assert(
      fc.asyncProperty(damaged(images), async (bytes) => {
        const outcome = await reencodeImage(bytes)
        if (outcome.ok) expect((await sharp(outcome.value.bytes).metadata()).exif).toBeUndefined()
        else expect(['upload_not_image', 'upload_too_large']).toContain(outcome.reason)
      }),
      { numRuns: 2000 },
    )
  })
})

const CRLF = '\r\n'
/** A multipart body, correct or broken at one level: boundary, headers, field name, end. */
const multipartBodies = (images: Buffer[]) =>
  fc
    .record({
      boundary: fc.constantFrom('b0undary', 'x'.repeat(70), ''),
      declared: fc.constantFrom('b0undary', 'other', ''),
      field: fc.constantFrom('file', 'FILE', 'file[]', '__proto__', ''),
      filename: fc.constantFrom('a.jpg', '../../etc/passwd', '\u202egpj.exe', ''),
      bytes: damaged(images),
      closed: fc.boolean(),
      extraHeader: fc.constantFrom(
        '',
        `Content-Transfer-Encoding: base64${CRLF}`,
        `X: ${'y'.repeat(2000)}${CRLF}`,
      ),
    })
    .map((p) => ({
      contentType: `multipart/form-data; boundary=${p.declared}`,
      body: Buffer.concat([
        Buffer.from(
          `--${p.boundary}${CRLF}Content-Disposition: form-data; name="${p.field}"; filename="${p.filename}"${CRLF}` +
            `${p.extraHeader}Content-Type: image/jpeg${CRLF}${CRLF}`,
        ),
        p.bytes,
        Buffer.from(p.closed ? `${CRLF}--${p.boundary}--${CRLF}` : ''),
      ]),
    }))

describe.each(DRIVERS)('upload call under broken multipart bodies (%s)', (driver) => {
  let app: TestApp
  beforeAll(async () => {
    app = await startTestApp(driver)
  })
  afterAll(() => app?.close())

  it('answers 200 payloads with the envelope and no 5xx, storing only real images', async () => {
    const images = await seeds
    const { token } = await registerAndLogin(app)
    let accepted = 0
    await fc.assert(
      fc.asyncProperty(multipartBodies(images), async ({ contentType, body }) => {
        const response = await fetch(`${app.base}/api/common/image_upload`, {
          method: 'POST',
          headers: { authorization: token, 'content-type': contentType },
          body: new Uint8Array(body),
        })
        expect(response.status).toBeLessThan(500)
        const answer = await response.json()
        expect([0, 1]).toContain(answer.code)
        if (answer.code === 1) accepted++
      }),
      { numRuns: 200 },
    )
    const [stored] = await app.db.select({ n: count() }).from(uploads)
    expect(stored?.n).toBe(accepted)
  })

  it('answers 500 forged links with 403 or 404, never an image', async () => {
    const text = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.constantFrom('', '1e20', '-1', '99999999999999', 'AAAAAAAAAAAAAAAAAAAAAA'),
    )
    await fc.assert(
      fc.asyncProperty(fc.record({ id: text, expires: text, sig: text }), async (link) => {
        const query = new URLSearchParams({ expires: link.expires, sig: link.sig })
        const response = await fetch(
          `${app.base}/api/common/upload/${encodeURIComponent(link.id)}?${query.toString()}`,
        )
        expect([403, 404]).toContain(response.status)
        expect((await response.json()).code).toBe(0)
      }),
      { numRuns: 500 },
    )
  })
})
