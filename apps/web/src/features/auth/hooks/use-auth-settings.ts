import { useQuery } from '@tanstack/react-query'
import { fetchAreaList, fetchMobileSetting } from '../api/auth-api.ts'

/** Setting is_show_mobile: '1' or '3' let users sign up and in with a phone number as well. */
export function isMobileAllowed(value: string | undefined): boolean {
  return value === '1' || value === '3'
}

export function useMobileAllowed(): boolean {
  const setting = useQuery({
    queryKey: ['setting', 'is_show_mobile'],
    queryFn: ({ signal }) => fetchMobileSetting(signal),
    staleTime: 5 * 60_000,
  })
  return isMobileAllowed(setting.data)
}

export function useAreaList(enabled: boolean) {
  return useQuery({
    queryKey: ['area-list'],
    queryFn: ({ signal }) => fetchAreaList(signal),
    enabled,
    staleTime: Infinity,
  })
}
