import { useCallback } from 'react'
import { useSearchParams } from 'react-router'

export type ParamChanges = Record<string, string | number | undefined>

/**
 * A page's filters and paging, kept in the URL (a reload or a shared link shows the same list):
 * the current params, and `update` that sets the given ones and drops those given as undefined or ''.
 */
export function useUrlParams() {
  const [params, setParams] = useSearchParams()
  const update = useCallback(
    (changes: ParamChanges) => {
      const next = new URLSearchParams(params)
      for (const [key, value] of Object.entries(changes))
        if (value === undefined || value === '') next.delete(key)
        else next.set(key, String(value))
      setParams(next, { replace: true })
    },
    [params, setParams],
  )
  return [params, update] as const
}
