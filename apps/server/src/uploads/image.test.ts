import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { MAX_CONCURRENT_REENCODES, MAX_WAITING_REENCODES, reencodeImage, sniffImageFormat } from './image.ts'

const tinyWebp = () =>
  sharp({ create: { width: 9, height: 7, channels: 3, background: '#808080' } })
    .webp()
    .toBuffer()

describe('image checks', () => {
  it('tells the formats by their first bytes only', async () => {
    expect(sniffImageFormat(await tinyWebp())).toBe('webp')
    expect(sniffImageFormat(Buffer.from('RIFF....WAVEfmt '))).toBeUndefined()
    expect(sniffImageFormat(Buffer.from('GIF89a'))).toBeUndefined()
    expect(sniffImageFormat(Buffer.from([0xff, 0xd8]))).toBeUndefined()
  })

  it('re-encodes WebP as JPEG, and refuses an image whose decoder disagrees with its first bytes', async () => {
    const webp = await tinyWebp()
    const stored = await reencodeImage(webp)
    expect(stored).toMatchObject({ ok: true, value: { contentType: 'image/jpeg', width: 9, height: 7 } })
    const png = await sharp(webp).png().toBuffer()
    const disguised = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), png])
    expect(await reencodeImage(disguised)).toEqual({ ok: false, reason: 'upload_not_image' })
  })

  it(`re-encodes ${MAX_CONCURRENT_REENCODES} at a time and turns away a queue past ${MAX_WAITING_REENCODES}`, async () => {
    const webp = await tinyWebp()
    const total = MAX_CONCURRENT_REENCODES + MAX_WAITING_REENCODES + 3
    const outcomes = await Promise.all(Array.from({ length: total }, () => reencodeImage(webp)))
    expect(outcomes.filter((o) => o.ok)).toHaveLength(total - 3)
    expect(outcomes.filter((o) => !o.ok && o.reason === 'rate_limited')).toHaveLength(3)
    // Every turn was given back: a fresh burst of the full size goes through.
    const again = await Promise.all(Array.from({ length: total - 3 }, () => reencodeImage(webp)))
    expect(again.every((o) => o.ok)).toBe(true)
  })
})
