import { count, eq } from 'drizzle-orm'
import type { InviteInfo } from '@tp/contracts'
import type { Db } from '../db/client.ts'
import { users } from '../db/schema.ts'

/**
 * `user/invite_info`: the user's invitation code and how many accounts registered with it
 * (registration records the inviter in `invited_by`, users/auth.ts). Undefined for no such user.
 */
export async function inviteInfo(db: Db, userId: number): Promise<InviteInfo | undefined> {
  const [user] = await db.select({ inviteCode: users.inviteCode }).from(users).where(eq(users.id, userId))
  if (!user) return undefined
  const [invited] = await db.select({ n: count() }).from(users).where(eq(users.invitedBy, userId))
  return { invite_code: user.inviteCode, invited_count: invited?.n ?? 0 }
}
