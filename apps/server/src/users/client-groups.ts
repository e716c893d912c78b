import { inArray } from 'drizzle-orm'
import { DEFAULT_CLIENT_GROUP } from '@tp/contracts'
import type { DbOrTx } from '../db/client.ts'
import { users } from '../db/schema.ts'

/** Users per query of `clientGroupsOf`: one statement stays small whatever the socket count. */
const BATCH = 500

/**
 * The client group of each user named (decision 051; its markups, decision 052); a user not found is
 * in the default group (a deleted row prices nobody).
 */
export async function clientGroupsOf(db: DbOrTx, userIds: readonly number[]): Promise<Map<number, string>> {
  const groups = new Map<number, string>(userIds.map((id) => [id, DEFAULT_CLIENT_GROUP]))
  const ids = [...groups.keys()]
  for (let start = 0; start < ids.length; start += BATCH) {
    const rows = await db
      .select({ id: users.id, group: users.clientGroup })
      .from(users)
      .where(inArray(users.id, ids.slice(start, start + BATCH)))
    for (const row of rows) groups.set(row.id, row.group)
  }
  return groups
}
