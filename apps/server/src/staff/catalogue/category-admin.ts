import { asc, count, eq } from 'drizzle-orm'
import type { AdminCategory, CategoryCreateRequest, CategoryUpdateRequest } from '@tp/contracts'
import type { Db, DbOrTx } from '../../db/client.ts'
import { categories, instruments } from '../../db/schema.ts'
import { accept, refuse, type Outcome } from '../../outcome/outcome.ts'
import { audit, type Actor } from '../../audit/audit.ts'

/** How many categories a catalogue may hold: the app shows them as tabs. */
const MAX_CATEGORIES = 50

/** Every category with its names, sort and how many instruments it holds, in display order. */
export async function listCategories(db: DbOrTx, onlyId?: number): Promise<AdminCategory[]> {
  const rows = await db
    .select()
    .from(categories)
    .where(onlyId === undefined ? undefined : eq(categories.id, onlyId))
    .orderBy(asc(categories.sort), asc(categories.id))
  const counts = await db
    .select({ categoryId: instruments.categoryId, n: count() })
    .from(instruments)
    .groupBy(instruments.categoryId)
  const held = new Map(counts.map((c) => [c.categoryId, Number(c.n)]))
  return rows.map((c) => ({
    id: c.id,
    key: c.key,
    names: c.names,
    sort: c.sort,
    instruments: held.get(c.id) ?? 0,
  }))
}

/** Adds a category (its key unique), audited in the same transaction. */
export async function createCategory(
  db: Db,
  actor: Actor,
  input: CategoryCreateRequest,
): Promise<Outcome<AdminCategory>> {
  const created = await db.transaction(async (tx) => {
    const [{ n }] = (await tx.select({ n: count() }).from(categories)) as [{ n: number }]
    if (Number(n) >= MAX_CATEGORIES) return undefined
    const [row] = await tx
      .insert(categories)
      .values({ key: input.key, names: input.names, sort: input.sort })
      .onConflictDoNothing()
      .returning()
    if (!row) return undefined
    await audit(tx, actor, {
      action: 'category.create',
      target: `category:${row.id}`,
      after: { key: row.key, names: row.names, sort: row.sort },
    })
    return row
  })
  if (!created) return refuse('invalid_input', { field: 'key' })
  const [view] = await listCategories(db, created.id)
  return accept(view as AdminCategory)
}

/** Changes a category's names (merged over the stored ones) or sort, audited with before and after. */
export async function updateCategory(
  db: Db,
  actor: Actor,
  id: number,
  change: CategoryUpdateRequest,
): Promise<Outcome<AdminCategory>> {
  const done = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(categories).where(eq(categories.id, id)).for('update')
    if (!row) return false
    const names = change.names ? { ...row.names, ...change.names } : row.names
    const sort = change.sort ?? row.sort
    await tx.update(categories).set({ names, sort }).where(eq(categories.id, id))
    await audit(tx, actor, {
      action: 'category.update',
      target: `category:${id}`,
      before: { names: row.names, sort: row.sort },
      after: { names, sort },
    })
    return true
  })
  if (!done) return refuse('invalid_input', { field: 'id' })
  const [view] = await listCategories(db, id)
  return accept(view as AdminCategory)
}
