import { randomBytes } from 'node:crypto'
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

/**
 * Where the bytes of uploaded images live, by upload id. The database row (table `uploads`) says
 * who owns an image; the store only keeps bytes. The filesystem store below is the one in use; an
 * S3-compatible store would implement the same three calls (put = PutObject, get = GetObject
 * answering undefined on NoSuchKey, delete = DeleteObject) and be chosen in main.ts.
 */
export interface UploadStore {
  /** Keeps `bytes` under `id`, replacing nothing: ids are random and new. */
  put(id: string, bytes: Buffer): Promise<void>
  /** The bytes kept under `id`, or undefined when there are none. */
  get(id: string): Promise<Buffer | undefined>
  /** Forgets `id`; deleting what is not there is not an error. */
  delete(id: string): Promise<void>
}

/** An upload id: 128 random bits in base64url, 22 characters. Nothing else ever becomes a path. */
export const UPLOAD_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/

export const newUploadId = (): string => randomBytes(16).toString('base64url')

function assertUploadId(id: string): void {
  if (!UPLOAD_ID_PATTERN.test(id)) throw new Error(`not an upload id: ${JSON.stringify(id)}`)
}

/**
 * Files under `dir` (DATA_DIR/uploads), one per id, readable by the server's user only. A write goes
 * to a temporary name first and is renamed into place, so a crash never leaves half an image under
 * a real id.
 */
export function filesystemUploadStore(dir: string): UploadStore {
  let made: Promise<unknown> | undefined
  const ready = () => (made ??= mkdir(dir, { recursive: true, mode: 0o700 }))
  return {
    async put(id, bytes) {
      assertUploadId(id)
      await ready()
      const temporary = join(dir, `.${id}.${randomBytes(6).toString('hex')}.tmp`)
      await writeFile(temporary, bytes, { mode: 0o600, flag: 'wx' })
      await rename(temporary, join(dir, id))
    },
    async get(id) {
      if (!UPLOAD_ID_PATTERN.test(id)) return undefined
      try {
        return await readFile(join(dir, id))
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
        throw error
      }
    },
    async delete(id) {
      assertUploadId(id)
      await rm(join(dir, id), { force: true })
    },
  }
}
