import type { RankSettings } from '@tp/contracts/light'
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useSession } from '../../../common/session/session-store.ts'
import { toastSuccess } from '../../../common/lib/toast.ts'
import {
  RANK_DETAIL_QUERY,
  RANK_LIST_QUERY,
  RANK_SETTINGS_QUERY,
  fetchRankPage,
  fetchRankSettings,
  fetchTraderDetail,
  saveRankSettings,
} from '../api/rank-api.ts'
import { nextPageAfter } from '../../../common/lib/paging.ts'

/** The ranking page by page from 1 until the entries loaded reach `total`; fresh on every visit. */
export function useRanking() {
  return useInfiniteQuery({
    queryKey: [RANK_LIST_QUERY],
    queryFn: ({ pageParam, signal }) => fetchRankPage(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (_last, pages) => nextPageAfter(pages, (page) => page.data),
    refetchOnMount: 'always',
    staleTime: 0,
  })
}

/** A trader's profile while the sheet shows it (`id` null: nothing is fetched). */
export function useTraderDetail(id: string | null) {
  return useQuery({
    queryKey: [RANK_DETAIL_QUERY, id],
    queryFn: ({ signal }) => fetchTraderDetail(id as string, signal),
    enabled: id !== null,
    staleTime: 30_000,
  })
}

/** The signed-in user's ranking choice; nothing for a visitor. */
export function useRankSettings() {
  const token = useSession((state) => state.token)
  return useQuery({
    queryKey: [RANK_SETTINGS_QUERY, token],
    queryFn: ({ signal }) => fetchRankSettings(signal),
    enabled: token !== null,
  })
}

/** Saves the choice, then shows the list again with the user in it or gone from it. */
export function useSaveRankSettings() {
  const queryClient = useQueryClient()
  const token = useSession((state) => state.token)
  return useMutation({
    mutationFn: (settings: RankSettings) => saveRankSettings(settings),
    onSuccess: (result) => {
      queryClient.setQueryData([RANK_SETTINGS_QUERY, token], result.data)
      toastSuccess(result.msg)
      void queryClient.invalidateQueries({ queryKey: [RANK_LIST_QUERY] })
    },
  })
}
