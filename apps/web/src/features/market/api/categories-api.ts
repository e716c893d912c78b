import type { Category } from '@tp/contracts/light'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { api } from '../../../common/api-client.ts'

/** The category chips; `NameShowTrans` comes in the request's language, so the language is in the key. */
export function useCategories() {
  const { i18n } = useTranslation()
  return useQuery({
    queryKey: ['categories', i18n.language],
    queryFn: async ({ signal }) => {
      const data = await api.get<Category[] | null>('/v1/api/forex/getCategories', { silent: true, signal })
      return Array.isArray(data) ? data : []
    },
    staleTime: 10 * 60_000,
  })
}
