import type { RankDetail, RankListAnswer, RankSettings } from '@tp/contracts/light'
import { api, type ApiResult } from '../../../common/api-client.ts'

export const RANK_LIST_QUERY = 'rank-list'
export const RANK_DETAIL_QUERY = 'rank-detail'
export const RANK_SETTINGS_QUERY = 'rank-settings'

/** Traders per page of the ranking. */
export const RANK_PAGE_SIZE = 20

/** One page of the ranking, best first (`follow/list`: `{data, total}`). */
export function fetchRankPage(page: number, signal?: AbortSignal): Promise<RankListAnswer> {
  return api.get<RankListAnswer>('/api/follow/list', {
    query: { page, limit: RANK_PAGE_SIZE },
    silent: true,
    signal,
  })
}

/** A trader's profile by uid. */
export function fetchTraderDetail(id: string, signal?: AbortSignal): Promise<RankDetail> {
  return api.get<RankDetail>('/api/follow/detail', { query: { id }, silent: true, signal })
}

/** The signed-in user's own choice: shown in the ranking or not, and their nickname. */
export function fetchRankSettings(signal?: AbortSignal): Promise<RankSettings> {
  return api.get<RankSettings>('/api/follow/my_settings', { silent: true, signal })
}

/** Saves the choice; a refusal (nickname taken, no nickname) is toasted by the client. */
export function saveRankSettings(settings: RankSettings): Promise<ApiResult<RankSettings>> {
  return api.postResult<RankSettings>('/api/follow/my_settings', {
    rank_visible: settings.rank_visible,
    nickname: settings.nickname,
  })
}
