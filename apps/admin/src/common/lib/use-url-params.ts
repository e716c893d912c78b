import { useCallback, useRef } from 'react'
import { useSearchParams } from 'react-router'

export type ParamChanges = Record<string, string | number | undefined>

/**
 * A page's filters and paging, kept in the URL (a reload or a shared link shows the same list):
 * the current params, and `update` that sets the given ones and drops those given as undefined or ''.
 * Two updates before the next render both count: each builds on the one before, not on the
 * params this render read.
 */
export function useUrlParams() {
  const [params, setParams] = useSearchParams()
  const latest = useRef(params)
  latest.current = params
  const update = useCallback(
    (changes: ParamChanges) => {
      const next = new URLSearchParams(latest.current)
      for (const [key, value] of Object.entries(changes))
        if (value === undefined || value === '') next.delete(key)
        else next.set(key, String(value))
      latest.current = next
      setParams(next, { replace: true })
    },
    [setParams],
  )
  return [params, update] as const
}

/** Rows a list shows unless staff choose another size (kept out of the URL when it is this). */
export const PAGE_SIZE = 20

/**
 * A server-paged list's page and page size, read from the URL, and the table's paging that writes
 * them back (a new page size starts at the first page).
 */
export function pagingOf(params: URLSearchParams, update: (changes: ParamChanges) => void) {
  const page = Math.max(1, Number(params.get('page')) || 1)
  const limit = Math.min(100, Math.max(1, Number(params.get('limit')) || PAGE_SIZE))
  const pagination = (total: number | undefined) => ({
    current: page,
    pageSize: limit,
    total: total ?? 0,
    showSizeChanger: true,
    pageSizeOptions: [10, 20, 50, 100],
    onChange: (next: number, size: number) =>
      update({
        page: size !== limit || next === 1 ? undefined : next,
        limit: size === PAGE_SIZE ? undefined : size,
      }),
  })
  return { page, limit, pagination }
}
