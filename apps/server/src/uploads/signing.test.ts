import { mkdtemp, readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { loadConfig } from '../config.ts'
import { loadSigningKey, signatureMatches, uploadSignature } from './signing.ts'

describe('upload URL signing', () => {
  const dirs: string[] = []
  afterEach(async () => {
    for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true })
  })

  it('makes a key once, keeps it private in the data directory, and reads it back after a restart', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'signing-'))
    dirs.push(dir)
    const file = join(dir, 'upload-signing.key')
    const [first, racing] = await Promise.all([
      loadSigningKey(undefined, file),
      loadSigningKey(undefined, file),
    ])
    expect(first).toHaveLength(43)
    expect(racing).toBe(first)
    expect(await loadSigningKey(undefined, file)).toBe(first)
    expect((await stat(file)).mode & 0o777).toBe(0o600)
    expect(await loadSigningKey('c'.repeat(40), file)).toBe('c'.repeat(40))
    expect((await readFile(file, 'utf8')).trim()).toBe(first)
  })

  it('matches only the id, expiry and key it was made with', () => {
    const key = 'k'.repeat(32)
    const signature = uploadSignature(key, 'AAAAAAAAAAAAAAAAAAAAAA', 1000)
    expect(signatureMatches(key, 'AAAAAAAAAAAAAAAAAAAAAA', 1000, signature)).toBe(true)
    expect(signatureMatches(key, 'AAAAAAAAAAAAAAAAAAAAAB', 1000, signature)).toBe(false)
    expect(signatureMatches(key, 'AAAAAAAAAAAAAAAAAAAAAA', 1001, signature)).toBe(false)
    expect(signatureMatches('j'.repeat(32), 'AAAAAAAAAAAAAAAAAAAAAA', 1000, signature)).toBe(false)
    expect(signatureMatches(key, 'AAAAAAAAAAAAAAAAAAAAAA', 1000, signature.slice(1))).toBe(false)
  })

  it('refuses a short UPLOAD_SIGNING_KEY at start', () => {
    expect(loadConfig({ UPLOAD_SIGNING_KEY: 'short' })).toMatchObject({ ok: false })
    expect(loadConfig({ UPLOAD_SIGNING_KEY: 'x'.repeat(32) })).toMatchObject({ ok: true })
  })
})
