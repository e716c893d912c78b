/**
 * The page to ask for after `loadedPages`, or undefined when the list is complete: when the
 * articles loaded reach the `total` of the last answer (SPEC.md section 9), or a page came back
 * empty (articles were deleted while paging).
 */
export function nextNewsPage(
  loadedPages: readonly { data: readonly unknown[]; total: number }[],
): number | undefined {
  const last = loadedPages.at(-1)
  if (!last) return 1
  const loaded = loadedPages.reduce((count, page) => count + page.data.length, 0)
  return loaded >= last.total || last.data.length === 0 ? undefined : loadedPages.length + 1
}
