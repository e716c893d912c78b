import { createHash } from 'node:crypto'
import sharp, { type Metadata } from 'sharp'
import phash from 'sharp-phash'
import { accept, refuse, type Outcome } from '../outcome/outcome.ts'

/** The largest image accepted, in bytes (the multipart limit is the same: a phone photo fits). */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024
/**
 * The most pixels a source may have. Read from the header before any pixel is decoded, so a small
 * file that claims 100,000 x 100,000 pixels (a decompression bomb) is refused without the memory.
 */
export const MAX_SOURCE_PIXELS = 40_000_000
/** Images are kept at most this long on their long side: more than any proof or ID card needs. */
export const MAX_STORED_EDGE_PX = 4096
const JPEG_QUALITY = 85
/**
 * Images re-encoded at once: a 40 MP photo needs about 160 MB and a second of a core while it is
 * turned and shrunk, so more at once would only trade memory for nothing on a small machine.
 */
export const MAX_CONCURRENT_REENCODES = 2
/** Uploads waiting for a turn; past this the server is busy and says so (429) rather than queue on. */
export const MAX_WAITING_REENCODES = 64

export type ImageFormat = 'jpeg' | 'png' | 'webp'

export interface StoredImage {
  bytes: Buffer
  contentType: 'image/jpeg' | 'image/png'
  width: number
  height: number
  /** SHA-256 (hex) of the stored image's decoded pixels: the same picture, whatever its file. */
  contentSha256: string
  /** Its 64-bit perceptual hash (sharp-phash, 64 '0'/'1'): a resized or re-encoded copy differs in a few bits. */
  phash: string
}

const startsWith = (data: Buffer, offset: number, bytes: number[]) =>
  data.length >= offset + bytes.length && bytes.every((byte, i) => data[offset + i] === byte)

/**
 * The format the first bytes announce (JPEG SOI marker, PNG signature, RIFF....WEBP), whatever the
 * file is called or claims to be. Only a first check: the decoder has the last word.
 */
export function sniffImageFormat(data: Buffer): ImageFormat | undefined {
  if (startsWith(data, 0, [0xff, 0xd8, 0xff])) return 'jpeg'
  if (startsWith(data, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png'
  if (startsWith(data, 0, [0x52, 0x49, 0x46, 0x46]) && startsWith(data, 8, [0x57, 0x45, 0x42, 0x50]))
    return 'webp'
  return undefined
}

/** Decoder settings: refuse corrupt pixel data, and never decode past the pixel cap. */
const decoding = { failOn: 'error', limitInputPixels: MAX_SOURCE_PIXELS } as const

/**
 * Checks that `data` is a JPEG, PNG or WebP image by decoding it, and re-encodes it: turned upright
 * by its EXIF orientation, shrunk to MAX_STORED_EDGE_PX, and written fresh as JPEG (PNG when it has
 * an alpha channel). Re-encoding keeps the pixels only, so EXIF (GPS, camera serials), ICC text,
 * comments and anything appended after the image (polyglot files) are gone. Animated images keep
 * their first frame.
 */
export async function reencodeImage(data: Buffer): Promise<Outcome<StoredImage>> {
  if (running >= MAX_CONCURRENT_REENCODES) {
    if (waiting.length >= MAX_WAITING_REENCODES) return refuse('rate_limited')
    await new Promise<void>((resolve) => waiting.push(resolve))
  } else running++
  try {
    return await checkAndReencode(data)
  } finally {
    // The turn passes straight to the next in line (running stays the same), or is given back.
    const next = waiting.shift()
    if (next) next()
    else running--
  }
}

let running = 0
const waiting: (() => void)[] = []

async function checkAndReencode(data: Buffer): Promise<Outcome<StoredImage>> {
  const sniffed = sniffImageFormat(data)
  if (!sniffed) return refuse('upload_not_image')
  let header: Metadata
  try {
    header = await sharp(data, decoding).metadata()
  } catch (error) {
    return refuse(isPixelLimit(error) ? 'upload_too_large' : 'upload_not_image')
  }
  if (header.format !== sniffed || !header.width || !header.height) return refuse('upload_not_image')
  if (header.width * header.height > MAX_SOURCE_PIXELS) return refuse('upload_too_large')
  const asPng = header.hasAlpha === true
  try {
    const pipeline = sharp(data, decoding).autoOrient().resize({
      width: MAX_STORED_EDGE_PX,
      height: MAX_STORED_EDGE_PX,
      fit: 'inside',
      withoutEnlargement: true,
    })
    const encoded = asPng
      ? pipeline.png()
      : pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: JPEG_QUALITY })
    const { data: bytes, info } = await encoded.toBuffer({ resolveWithObject: true })
    // Fingerprints of what is kept (inside this turn: the decode costs as much as the encode did).
    const pixels = await sharp(bytes).raw().toBuffer()
    return accept({
      bytes,
      contentType: asPng ? 'image/png' : 'image/jpeg',
      width: info.width,
      height: info.height,
      contentSha256: createHash('sha256').update(pixels).digest('hex'),
      phash: await phash(bytes),
    })
  } catch (error) {
    return refuse(isPixelLimit(error) ? 'upload_too_large' : 'upload_not_image')
  }
}

const isPixelLimit = (error: unknown) => error instanceof Error && /pixel limit/i.test(error.message)
