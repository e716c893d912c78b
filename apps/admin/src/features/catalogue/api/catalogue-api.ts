import type {
  AdminCategory,
  AdminDepositBankAccount,
  AdminDepositChannel,
  AdminHoliday,
  AdminInstrument,
  AdminWithdrawCurrency,
  CategoryCreateRequest,
  CategoryUpdateRequest,
  DepositBankAccountUpdateRequest,
  DepositChannelUpdateRequest,
  HolidayRequest,
  InstrumentNamesRequest,
  InstrumentUpdateRequest,
  WithdrawCurrencyUpdateRequest,
} from '@tp/contracts/light'
import { api } from '../../../common/api/client.ts'

/** The catalogue calls of `/admin/api` (apps/server/src/http/admin/catalogue-routes.ts). */

export const catalogueKeys = {
  instruments: ['catalogue', 'instruments'] as const,
  categories: ['catalogue', 'categories'] as const,
  currencies: ['catalogue', 'withdraw_currencies'] as const,
  channels: ['catalogue', 'deposit_channels'] as const,
  banks: ['catalogue', 'deposit_bank_accounts'] as const,
  /** Holidays on or after a date (YYYY-MM-DD). */
  holidays: (from: string) => ['catalogue', 'holidays', from] as const,
}

export const catalogueApi = {
  instruments: (signal?: AbortSignal) => api.get<AdminInstrument[]>('/instruments', undefined, signal),
  /** Only the fields that changed: the server checks the instrument as it will be after them. */
  editInstrument: (id: number, change: InstrumentUpdateRequest) =>
    api.post<AdminInstrument>(`/instruments/${id}`, change),
  /** Names in other languages than English, merged over the stored ones ("" removes one). */
  editInstrumentNames: (id: number, change: InstrumentNamesRequest) =>
    api.post<{ id: number; names: Record<string, string> }>(`/instruments/${id}/names`, change),
  categories: (signal?: AbortSignal) => api.get<AdminCategory[]>('/categories', undefined, signal),
  createCategory: (body: CategoryCreateRequest) => api.post<AdminCategory>('/categories', body),
  editCategory: (id: number, change: CategoryUpdateRequest) =>
    api.post<AdminCategory>(`/categories/${id}`, change),
  /** The holiday calendar from `from` on (YYYY-MM-DD), by date; a change applies to the markets at once. */
  holidays: (from: string, signal?: AbortSignal) => api.get<AdminHoliday[]>('/holidays', { from }, signal),
  createHoliday: (body: HolidayRequest) => api.post<AdminHoliday>('/holidays', body),
  /** Replaces the holiday whole. */
  editHoliday: (id: number, body: HolidayRequest) => api.post<AdminHoliday>(`/holidays/${id}`, body),
  deleteHoliday: (id: number) => api.post<null>(`/holidays/${id}/delete`),
  currencies: (signal?: AbortSignal) =>
    api.get<AdminWithdrawCurrency[]>('/withdraw_currencies', undefined, signal),
  editCurrency: (id: number, change: WithdrawCurrencyUpdateRequest) =>
    api.post<AdminWithdrawCurrency>(`/withdraw_currencies/${id}`, change),
  channels: (signal?: AbortSignal) => api.get<AdminDepositChannel[]>('/deposit_channels', undefined, signal),
  editChannel: (id: number, change: DepositChannelUpdateRequest) =>
    api.post<AdminDepositChannel>(`/deposit_channels/${id}`, change),
  banks: (signal?: AbortSignal) =>
    api.get<AdminDepositBankAccount[]>('/deposit_bank_accounts', undefined, signal),
  /** The server answers the account's fields without its id and currency: read the list again after. */
  editBank: (id: number, change: DepositBankAccountUpdateRequest) =>
    api.post<unknown>(`/deposit_bank_accounts/${id}`, change),
}
