/**
 * The page to ask for after `loadedPages`, or undefined when the list is complete: when the entries
 * loaded reach the `total` of the last answer (SPEC.md 7), or a page came back empty.
 */
export function nextPageAfter(loadedPages: readonly { rows: number; total: number }[]): number | undefined {
  const last = loadedPages.at(-1)
  if (!last) return 1
  const loaded = loadedPages.reduce((count, page) => count + page.rows, 0)
  return loaded >= last.total || last.rows === 0 ? undefined : loadedPages.length + 1
}
