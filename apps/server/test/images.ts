import { crc32, deflateSync } from 'node:zlib'
import sharp from 'sharp'

/** A text that must not survive re-encoding: written into the EXIF of test photos. */
export const EXIF_MARKER = 'Marker-Camera-Owner-4711'

/** A real JPEG photo with GPS coordinates and an orientation (6: turn 90 degrees) in its EXIF. */
export function photoWithGps(width = 60, height = 40): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
    .jpeg()
    .withExif({
      IFD0: { Copyright: EXIF_MARKER },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '22/1 16/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '114/1 10/1 0/1',
      },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer()
}

/** Whether EXIF data holds a GPS block (the GPSInfo pointer, tag 0x8825, in either byte order). */
export function hasGpsPointer(exif: Buffer | undefined): boolean {
  return (
    exif !== undefined &&
    (exif.includes(Buffer.from([0x25, 0x88])) || exif.includes(Buffer.from([0x88, 0x25])))
  )
}

/** A PNG with a transparent channel. */
export function transparentPng(): Promise<Buffer> {
  return sharp({
    create: { width: 30, height: 20, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0.5 } },
  })
    .png()
    .toBuffer()
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

/**
 * A decompression bomb: a valid PNG a few hundred bytes long whose header claims `side` x `side`
 * pixels (the IDAT holds a few rows only; decoding would need the whole canvas).
 */
export function pngClaiming(side: number): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(side, 0)
  header.writeUInt32BE(side, 4)
  header.set([8, 2, 0, 0, 0], 8) // 8-bit RGB, deflate, no filter method, no interlace
  const rows = Buffer.alloc(4 * (1 + side * 3))
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows)),
    pngChunk('IEND', Buffer.alloc(0)),
  ])
}
