import { join } from 'node:path'
import { and, eq, gt, isNull, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { uploads } from '../db/schema.ts'
import { accept, refuse, type Outcome } from '../outcome/outcome.ts'
import { reencodeImage } from './image.ts'
import { loadSigningKey, signatureMatches, uploadSignature, UPLOAD_URL_LIFETIME_MS } from './signing.ts'
import { filesystemUploadStore, newUploadId, UPLOAD_ID_PATTERN, type UploadStore } from './store.ts'

/**
 * Stored bytes one user may add in 24 hours (a rolling window): enough for dozens of proofs and ID
 * photos, small enough that one account cannot fill the disk (with the per-minute rate limit, at
 * most 30 images x 5 MB overshoot it while racing itself).
 */
export const DAILY_UPLOAD_BYTES_PER_USER = 200 * 1024 * 1024
const DAY_MS = 24 * 60 * 60_000

/** Where a signed upload URL points; the client prefixes its API base when that is another host. */
export const uploadPath = (id: string) => `/api/common/upload/${id}`

export interface UploadsOptions {
  store: UploadStore
  signingKey: string
  dailyBytesPerUser?: number
}

export interface SavedUpload {
  id: string
  /** A signed URL for the owner, good for UPLOAD_URL_LIFETIME_MS. */
  url: string
}

export interface ServedUpload {
  bytes: Buffer
  contentType: string
  expiresMs: number
}

/**
 * Image uploads: checked and re-encoded (image.ts), kept in a store under a random id, recorded in
 * `uploads` with their owner, and read back only through URLs signed with the server's key.
 */
export function createUploads(options: UploadsOptions) {
  const { store, signingKey } = options
  const dailyBytes = options.dailyBytesPerUser ?? DAILY_UPLOAD_BYTES_PER_USER

  /** A URL that serves upload `id` until `nowMs + lifetimeMs` to whoever holds it (owner or staff). */
  function signedUploadUrl(id: string, nowMs: number, lifetimeMs = UPLOAD_URL_LIFETIME_MS): string {
    const expiresMs = nowMs + lifetimeMs
    const query = new URLSearchParams({
      expires: String(expiresMs),
      sig: uploadSignature(signingKey, id, expiresMs),
    })
    return `${uploadPath(id)}?${query.toString()}`
  }

  /**
   * Checks, re-encodes and keeps an image for `userId`; refusals name what was wrong. `staffId`
   * marks an image staff send that user (staff-image.ts): the user's daily allowance is theirs alone.
   */
  async function save(
    db: Db,
    userId: number,
    data: Buffer,
    now: Date,
    staffId?: number,
  ): Promise<Outcome<SavedUpload>> {
    const image = await reencodeImage(data)
    if (!image.ok) return image
    if (staffId === undefined) {
      const [used] = await db
        .select({ bytes: sql<string>`coalesce(sum(${uploads.bytes}), 0)` })
        .from(uploads)
        .where(
          and(
            eq(uploads.userId, userId),
            isNull(uploads.staffId),
            gt(uploads.createdAt, new Date(now.getTime() - DAY_MS)),
          ),
        )
      if (Number(used?.bytes ?? 0) + image.value.bytes.length > dailyBytes)
        return refuse('upload_daily_limit')
    }
    const id = newUploadId()
    await store.put(id, image.value.bytes)
    try {
      await db.insert(uploads).values({
        id,
        userId,
        staffId: staffId ?? null,
        contentType: image.value.contentType,
        bytes: image.value.bytes.length,
        width: image.value.width,
        height: image.value.height,
        contentSha256: image.value.contentSha256,
        phash: image.value.phash,
        createdAt: now,
      })
    } catch (error) {
      await store.delete(id)
      throw error
    }
    return accept({ id, url: signedUploadUrl(id, now.getTime()) })
  }

  /**
   * The image behind a signed URL: `upload_link_invalid` when the signature is wrong or has expired
   * (checked before the database is asked, so ids cannot be probed), `not_found` when it is gone.
   */
  async function open(
    db: Db,
    link: { id: string; expires: string; sig: string },
    nowMs: number,
  ): Promise<Outcome<ServedUpload>> {
    const expiresMs = /^\d{1,15}$/.test(link.expires) ? Number(link.expires) : NaN
    const genuine =
      UPLOAD_ID_PATTERN.test(link.id) &&
      Number.isSafeInteger(expiresMs) &&
      signatureMatches(signingKey, link.id, expiresMs, link.sig)
    if (!genuine || expiresMs <= nowMs) return refuse('upload_link_invalid')
    const [row] = await db
      .select({ contentType: uploads.contentType })
      .from(uploads)
      .where(eq(uploads.id, link.id))
    const bytes = row ? await store.get(link.id) : undefined
    if (!row || !bytes) return refuse('not_found')
    return accept({ bytes, contentType: row.contentType, expiresMs })
  }

  return { signedUploadUrl, save, open }
}

export type Uploads = ReturnType<typeof createUploads>

/**
 * Whether upload `id` is `userId`'s own (they uploaded it; not an image staff sent them): what a
 * deposit proof, an identity photo or a chat image the user sends must be.
 */
export async function uploadOwnedBy(db: Db, id: string, userId: number): Promise<boolean> {
  if (!UPLOAD_ID_PATTERN.test(id)) return false
  const [row] = await db
    .select({ id: uploads.id })
    .from(uploads)
    .where(and(eq(uploads.id, id), eq(uploads.userId, userId), isNull(uploads.staffId)))
  return row !== undefined
}

/**
 * The upload id in what a client sends back as a proof: the bare id, or the URL (absolute or a path,
 * with or without its query) that image_upload answered. Anything else gives undefined.
 */
export function uploadIdFrom(reference: string): string | undefined {
  if (UPLOAD_ID_PATTERN.test(reference)) return reference
  const match = /^(?:https?:\/\/[^/?#]+)?\/api\/common\/upload\/([A-Za-z0-9_-]{22})(?:[?#].*)?$/.exec(
    reference,
  )
  return match?.[1]
}

/** The uploads of a server: files under DATA_DIR/uploads, URLs signed with `signingKey` or the kept one. */
export async function openFilesystemUploads(
  dataDir: string,
  signingKey: string | undefined,
): Promise<Uploads> {
  return createUploads({
    store: filesystemUploadStore(join(dataDir, 'uploads')),
    signingKey: await loadSigningKey(signingKey, join(dataDir, 'upload-signing.key')),
  })
}
