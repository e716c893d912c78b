import { count, sql } from 'drizzle-orm'
import type { Db, DbOrTx } from '../db/client.ts'
import { news } from '../db/schema.ts'
import { saveNews } from '../news/news.ts'
import { HOURS_ARTICLE } from './news-articles/hours.ts'
import { MARGIN_ARTICLE } from './news-articles/margin.ts'
import { MONEY_ARTICLE } from './news-articles/money.ts'
import { ORDERS_ARTICLE } from './news-articles/orders.ts'

/** The articles of a fresh install, in the order the list shows them (newest first). */
const SEED_ARTICLES = [MARGIN_ARTICLE, HOURS_ARTICLE, MONEY_ARTICLE, ORDERS_ARTICLE]

/**
 * Whether an article was ever stored: the id sequence has handed out a value. An empty table then
 * means staff deleted every article, which must stay so after a restart.
 */
async function newsEverWritten(db: DbOrTx): Promise<boolean> {
  const result = await db.execute(sql`select is_called from news_id_seq`)
  const rows = (result as { rows?: { is_called: boolean }[] }).rows ?? []
  return rows[0]?.is_called === true
}

/**
 * Four articles about how this platform works, on a fresh install only: never while any article
 * exists, and never again once staff have written or deleted articles, so their edits stay.
 */
export async function seedNews(db: Db, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    // Two servers starting together on one database seed once.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('seed_news'))`)
    const [row] = await tx.select({ n: count() }).from(news)
    if ((row?.n ?? 0) > 0 || (await newsEverWritten(tx))) return
    for (const [index, texts] of SEED_ARTICLES.entries()) {
      // A minute apart, the first article newest, so the list keeps this order.
      const createdAt = new Date(now.getTime() - index * 60_000)
      const saved = await saveNews(tx, { categoryId: 1, logo: '', texts, published: true }, createdAt)
      if (!saved.ok) throw new Error(`seed article ${index + 1} was refused: ${saved.reason}`)
    }
  })
}
