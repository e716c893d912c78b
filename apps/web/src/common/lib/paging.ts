/** Records per page of the money lists (withdrawals, deposits, ledger). */
export const MONEY_PAGE_SIZE = 15

/**
 * The page to ask for after the `pages` loaded so far (each with its rows, `rowsOf`, and the
 * `total` of the whole list), or undefined when the list is complete: when the rows loaded reach
 * the `total` of the last answer, or a page came back empty (the list shrank while paging).
 * One rule for every paged list of the phone: money records, alerts, news, ranking and orders.
 */
export function nextPageAfter<Page extends { total: number }>(
  pages: readonly Page[],
  rowsOf: (page: Page) => readonly unknown[],
): number | undefined {
  const last = pages.at(-1)
  if (!last) return 1
  const loaded = pages.reduce((count, page) => count + rowsOf(page).length, 0)
  return loaded >= last.total || rowsOf(last).length === 0 ? undefined : pages.length + 1
}
