import { mkdtemp, readdir, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { filesystemUploadStore, newUploadId, UPLOAD_ID_PATTERN } from './store.ts'
import { uploadIdFrom } from './uploads.ts'

describe('filesystem upload store', () => {
  let root: string
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'store-'))
  })
  afterAll(() => rm(root, { recursive: true, force: true }))

  it('keeps, reads and forgets bytes under random 128-bit ids, private to the server', async () => {
    const dir = join(root, 'uploads')
    const store = filesystemUploadStore(dir)
    const id = newUploadId()
    expect(id).toMatch(UPLOAD_ID_PATTERN)
    expect(newUploadId()).not.toBe(id)
    await store.put(id, Buffer.from('bytes'))
    expect((await store.get(id))?.toString()).toBe('bytes')
    expect(await readdir(dir)).toEqual([id])
    expect((await stat(join(dir, id))).mode & 0o777).toBe(0o600)
    await store.delete(id)
    expect(await store.get(id)).toBeUndefined()
    await store.delete(id)
  })

  it('never turns anything but an id into a path', async () => {
    const store = filesystemUploadStore(join(root, 'uploads'))
    expect(await store.get('../store-key')).toBeUndefined()
    await expect(store.put('../../escape', Buffer.from('x'))).rejects.toThrow('not an upload id')
  })

  it('reads the id back from what a client sends as a proof', () => {
    const id = 'AbCdEfGhIjKlMnOpQrSt_-'
    expect(uploadIdFrom(id)).toBe(id)
    expect(uploadIdFrom(`/api/common/upload/${id}?expires=1&sig=x`)).toBe(id)
    expect(uploadIdFrom(`https://m.example.com/api/common/upload/${id}`)).toBe(id)
    expect(uploadIdFrom(`/api/common/upload/${id}/../x`)).toBeUndefined()
    expect(uploadIdFrom('javascript:alert(1)')).toBeUndefined()
  })
})
