/**
 * Draws the installable app's icons from public/icons/icon.svg (the brand mark of
 * common/components/brand.tsx). The PNGs are committed; run again after changing the mark:
 *
 *   node apps/web/scripts/make-icons.mjs
 *
 * "any" icons keep the rounded square; the maskable one fills the square edge to edge and keeps the
 * mark inside the central safe zone (80 %), as Android crops it to its own shape.
 */
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import sharp from 'sharp'

const icons = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'icons')
const svg = readFileSync(join(icons, 'icon.svg'))

for (const size of [192, 512]) {
  await sharp(svg, { density: 384 })
    .resize(size, size)
    .png()
    .toFile(join(icons, `icon-${size}.png`))
}
await sharp(svg, { density: 384 })
  .resize(180, 180)
  .flatten({ background: '#0b1f3a' })
  .png()
  .toFile(join(icons, 'apple-touch-icon.png'))

const inner = Math.round(512 * 0.7)
const mark = await sharp(svg, { density: 384 }).resize(inner, inner).png().toBuffer()
await sharp({ create: { width: 512, height: 512, channels: 4, background: '#0b1f3a' } })
  .composite([{ input: mark, gravity: 'centre' }])
  .png()
  .toFile(join(icons, 'icon-maskable-512.png'))
console.log('icons written to', icons)
