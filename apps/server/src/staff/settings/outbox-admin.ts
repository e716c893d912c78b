import { count, desc, ilike } from 'drizzle-orm'
import type { OutboxItem } from '@tp/contracts'
import type { Db } from '../../db/client.ts'
import { outbox } from '../../db/schema.ts'

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
const utcText = (at: Date) => at.toISOString().replace('T', ' ').slice(0, 19)

/**
 * The outbox, newest first: every e-mail and text message the platform made, with its delivery
 * status. A verification code is stored masked (`CODE_MASK`, messaging/outbox.ts): no staff role
 * ever reads a live code here, since one who could read a reset code could take the account.
 */
export async function outboxPage(
  db: Db,
  query: { page: number; limit: number; q?: string | undefined },
): Promise<{ data: OutboxItem[]; total: number }> {
  const where = query.q ? ilike(outbox.destination, likePattern(query.q)) : undefined
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(outbox)
      .where(where)
      .orderBy(desc(outbox.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(outbox).where(where),
  ])
  return {
    data: rows.map((r) => ({
      id: r.id,
      channel: r.channel === 'sms' ? 'sms' : 'email',
      destination: r.destination,
      subject: r.subject,
      body: r.body,
      status: r.status,
      error: r.error,
      created_at: utcText(r.createdAt),
    })),
    total: total?.n ?? 0,
  }
}
