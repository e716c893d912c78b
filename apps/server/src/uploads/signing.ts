import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'

/** How long a signed upload URL works, unless the caller asks for less. */
export const UPLOAD_URL_LIFETIME_MS = 15 * 60_000
/** The shortest signing key accepted, in characters (UPLOAD_SIGNING_KEY; config.ts checks it too). */
export const MIN_SIGNING_KEY_LENGTH = 32

/**
 * The key that signs upload URLs: UPLOAD_SIGNING_KEY when set, else a random one made on first start
 * and kept in `keyFile` (DATA_DIR/upload-signing.key, readable by the server's user only), so URLs
 * handed out survive a restart. Two processes starting at once agree: the file is created with
 * `wx`, and the loser reads the winner's key.
 */
export async function loadSigningKey(configured: string | undefined, keyFile: string): Promise<string> {
  if (configured !== undefined) return configured
  try {
    return await readKeyFile(keyFile)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  await mkdir(dirname(keyFile), { recursive: true })
  try {
    await writeFile(keyFile, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  }
  return readKeyFile(keyFile)
}

async function readKeyFile(keyFile: string): Promise<string> {
  const key = (await readFile(keyFile, 'utf8')).trim()
  if (key.length < MIN_SIGNING_KEY_LENGTH)
    throw new Error(`${keyFile} holds no usable key; delete it to make a new one`)
  return key
}

/** HMAC-SHA256 of the id and the expiry, base64url: what `sig` must be. */
export function uploadSignature(key: string, id: string, expiresMs: number): string {
  return createHmac('sha256', key).update(`upload:${id}:${expiresMs}`).digest('base64url')
}

/** Whether `signature` was made with `key` for this id and expiry (compared in constant time). */
export function signatureMatches(key: string, id: string, expiresMs: number, signature: string): boolean {
  const expected = Buffer.from(uploadSignature(key, id, expiresMs))
  const given = Buffer.from(signature)
  return given.length === expected.length && timingSafeEqual(given, expected)
}
