import { eq } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { users } from '../db/schema.ts'
import { accept, refuse, type Clock, type Outcome } from '../outcome/outcome.ts'
import type { Uploads } from '../uploads/uploads.ts'

export interface StaffImageDeps {
  db: Db
  clock: Clock
  uploads: Pick<Uploads, 'save'>
}

/**
 * An image staff send in `userId`'s conversation: checked and re-encoded as the user's own uploads
 * are (type by content, size and pixel caps, metadata dropped), and kept as an upload OWNED BY THAT
 * USER, so their chat page can show it and `staffReply` accepts it in that conversation only (it
 * refuses any upload not owned by the conversation's user). It is marked as staff's (`staffId`):
 * the user can never pass it off as their own (a deposit proof, an identity photo), and it does not
 * count in their daily allowance. The route audits it too (`chat.image`). A user who does not exist is `account_not_found`,
 * checked before any decoding.
 */
export async function saveStaffImage(
  deps: StaffImageDeps,
  userId: number,
  staffId: number,
  data: Buffer,
): Promise<Outcome<{ upload_id: string; url: string }>> {
  const { db } = deps
  if (!Number.isSafeInteger(userId) || userId < 1 || userId > 2_147_483_647)
    return refuse('account_not_found')
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId))
  if (!user) return refuse('account_not_found')
  const saved = await deps.uploads.save(db, userId, data, deps.clock(), staffId)
  if (!saved.ok) return saved
  return accept({ upload_id: saved.value.id, url: saved.value.url })
}
