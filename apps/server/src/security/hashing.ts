import { createHash, randomBytes, randomInt } from 'node:crypto'
import { hash, verify } from '@node-rs/argon2'

/** `Algorithm.Argon2id` of @node-rs/argon2, a const enum that isolated modules cannot import. */
const ARGON2ID = 2
/** argon2id with the OWASP baseline (19 MiB, 2 passes): about 20 ms a hash on this machine. */
const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 }

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS)
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password)
  } catch {
    return false
  }
}

/** A hash of a real password, so a sign-in for an unknown account costs the same time as a real one. */
let dummyHash: Promise<string> | undefined
export async function spendPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('not-a-real-password-0')
  await verifyPassword(await dummyHash, password)
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex')
}

/** A bearer token: 32 random bytes, URL-safe. Only its sha256 is stored. */
export function newToken(): string {
  return randomBytes(32).toString('base64url')
}

/** `length` random characters from `alphabet`, drawn without bias. */
export function randomString(alphabet: string, length: number): string {
  let out = ''
  for (let i = 0; i < length; i++) out += alphabet[randomInt(alphabet.length)]
  return out
}

export const DIGITS = '0123456789'
/** Upper-case letters and digits without look-alikes (0/O, 1/I/L) for codes people type. */
export const READABLE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ'
