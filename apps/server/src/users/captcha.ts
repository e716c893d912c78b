import { randomUUID } from 'node:crypto'
import { and, eq, gt } from 'drizzle-orm'
import svgCaptcha from 'svg-captcha'
import type { Captcha } from '@tp/contracts'
import type { Db } from '../db/client.ts'
import { captchas } from '../db/schema.ts'
import { sha256 } from '../security/hashing.ts'

export const CAPTCHA_TTL_MS = 5 * 60 * 1000
const answerHash = (id: string, answer: string) => sha256(`${id}|${answer.trim().toLowerCase()}`)

export async function createCaptcha(db: Db, now: Date): Promise<Captcha> {
  const image = svgCaptcha.create({ size: 4, noise: 2, ignoreChars: '0oO1iIlL', width: 120, height: 44 })
  const id = randomUUID()
  await db.insert(captchas).values({
    id,
    answerHash: answerHash(id, image.text),
    expiresAt: new Date(now.getTime() + CAPTCHA_TTL_MS),
  })
  return { id, b64s: `data:image/svg+xml;base64,${Buffer.from(image.data).toString('base64')}` }
}

/** One try per captcha: it is deleted whether the answer is right or not. */
export async function consumeCaptcha(db: Db, id: string, answer: string, now: Date): Promise<boolean> {
  const [row] = await db
    .delete(captchas)
    .where(and(eq(captchas.id, id), gt(captchas.expiresAt, now)))
    .returning({ answerHash: captchas.answerHash })
  return row !== undefined && row.answerHash === answerHash(id, answer)
}
