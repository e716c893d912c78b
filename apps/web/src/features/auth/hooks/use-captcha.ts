import { useQuery } from '@tanstack/react-query'
import { fetchCaptcha } from '../api/auth-api.ts'

/** An image captcha, fetched when `enabled`; `refresh` fetches a new one (each is single-use). */
export function useCaptcha(enabled: boolean) {
  const query = useQuery({
    queryKey: ['captcha'],
    queryFn: ({ signal }) => fetchCaptcha(signal),
    enabled,
    staleTime: Infinity,
    gcTime: 0,
  })
  return { captcha: query.data, loading: query.isFetching, refresh: () => void query.refetch() }
}
