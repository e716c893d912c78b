import type { ApprovalWaiting } from '@tp/contracts/light'
import { api } from '../../../common/api/client.ts'

/*
 * The settings as `GET /admin/api/settings` gives them (apps/server/src/staff/settings/settings-admin.ts
 * and setting-rules.ts): each with its group, unit, kind of value and bounds, and whether the
 * signed-in staff member may change it.
 */

export type SettingGroup = 'site' | 'money' | 'trading'

export type SettingKind =
  | { kind: 'choice'; options: readonly string[] }
  | { kind: 'integer'; min: number; max: number }
  | { kind: 'usd'; min: string; max: string }
  | { kind: 'text'; max: number }
  | { kind: 'url'; relative: boolean }
  | { kind: 'email' }

export interface SettingView {
  key: string
  value: string
  group: SettingGroup
  /** '%', 'ms', 'USD', '×' or ''. */
  unit: string
  type: SettingKind
  editable: boolean
}

export const SETTINGS_QUERY_KEY = ['settings'] as const

export const settingsApi = {
  list: (signal?: AbortSignal) => api.get<SettingView[]>('/settings', undefined, signal),
  /** `feeRates` (by instrument id) go with a switch of `trade_fee_type`, restated in the new unit. */
  change: (key: string, value: string, feeRates?: Record<string, string>) =>
    api.post<SettingView | ApprovalWaiting>('/settings', { key, value, fee_rates: feeRates }),
}
