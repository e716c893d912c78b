import { and, asc, eq, gt, inArray, notExists } from 'drizzle-orm'
import type { Tx } from '../../db/client.ts'
import { instruments, leverageOptions } from '../../db/schema.ts'

/** The class a `leverage_cap_<class>` setting caps, or undefined for any other setting. */
export const cappedClass = (key: string): string | undefined =>
  key.startsWith('leverage_cap_') ? key.slice('leverage_cap_'.length) : undefined

/**
 * A lowered cap holds at once: the leverage options of the class's instruments above `cap` are
 * removed, and an instrument left with none offers the cap itself. Open positions keep the leverage
 * they opened with. Answers the codes of the instruments whose options changed, for the audit row.
 */
export async function trimToCap(tx: Tx, leverageClass: string, cap: number): Promise<string[]> {
  const inClass = tx
    .select({ id: instruments.id })
    .from(instruments)
    .where(eq(instruments.leverageClass, leverageClass))
  const trimmed = await tx
    .delete(leverageOptions)
    .where(and(inArray(leverageOptions.instrumentId, inClass), gt(leverageOptions.value, cap)))
    .returning({ instrumentId: leverageOptions.instrumentId })
  const ids = [...new Set(trimmed.map((row) => row.instrumentId))]
  if (ids.length === 0) return []
  const emptied = await tx
    .select({ id: instruments.id })
    .from(instruments)
    .where(
      and(
        inArray(instruments.id, ids),
        notExists(tx.select().from(leverageOptions).where(eq(leverageOptions.instrumentId, instruments.id))),
      ),
    )
  if (emptied.length > 0)
    await tx.insert(leverageOptions).values(emptied.map(({ id }) => ({ instrumentId: id, value: cap })))
  const rows = await tx
    .select({ code: instruments.code })
    .from(instruments)
    .where(inArray(instruments.id, ids))
    .orderBy(asc(instruments.code))
  return rows.map((row) => row.code)
}
