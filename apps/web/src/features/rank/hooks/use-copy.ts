import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { FOLLOWS_QUERY } from '../../../common/copy/follows.ts'
import { toastSuccess } from '../../../common/lib/toast.ts'
import { useSession } from '../../../common/session/session-store.ts'
import {
  LEADER_SETTINGS_QUERY,
  SKIPS_QUERY,
  changeFollow,
  fetchLeaderSettings,
  fetchSkips,
  saveLeaderSettings,
  startFollow,
  stopFollow,
  type FollowChange,
  type FollowInput,
} from '../api/copy-api.ts'
import { RANK_DETAIL_QUERY, RANK_LIST_QUERY } from '../api/rank-api.ts'

/** After any change: the follows, the trader's followers and the orders are read again. */
function useAfterChange() {
  const queryClient = useQueryClient()
  return (msg: string) => {
    toastSuccess(msg)
    void queryClient.invalidateQueries({ queryKey: [FOLLOWS_QUERY] })
    void queryClient.invalidateQueries({ queryKey: [RANK_DETAIL_QUERY] })
    void queryClient.invalidateQueries({ queryKey: [RANK_LIST_QUERY] })
  }
}

export function useStartFollow() {
  const after = useAfterChange()
  return useMutation({
    mutationFn: (input: FollowInput) => startFollow(input),
    onSuccess: (result) => after(result.msg),
  })
}

export function useChangeFollow() {
  const after = useAfterChange()
  return useMutation({
    mutationFn: (change: FollowChange) => changeFollow(change),
    onSuccess: (result) => after(result.msg),
  })
}

export function useStopFollow() {
  const after = useAfterChange()
  return useMutation({
    mutationFn: ({ followId, close }: { followId: number; close: boolean }) => stopFollow(followId, close),
    onSuccess: (result) => after(result.msg),
  })
}

/** A follow's skipped copies while its list is open. */
export function useSkips(followId: number | null) {
  return useQuery({
    queryKey: [SKIPS_QUERY, followId],
    queryFn: ({ signal }) => fetchSkips(followId as number, signal),
    enabled: followId !== null,
  })
}

export function useLeaderSettings() {
  const token = useSession((state) => state.token)
  return useQuery({
    queryKey: [LEADER_SETTINGS_QUERY, token],
    queryFn: ({ signal }) => fetchLeaderSettings(signal),
    enabled: token !== null,
  })
}

export function useSaveLeaderSettings() {
  const queryClient = useQueryClient()
  const token = useSession((state) => state.token)
  return useMutation({
    mutationFn: ({ open, share }: { open: boolean; share: number }) => saveLeaderSettings(open, share),
    onSuccess: (result) => {
      queryClient.setQueryData([LEADER_SETTINGS_QUERY, token], result.data)
      toastSuccess(result.msg)
    },
  })
}
