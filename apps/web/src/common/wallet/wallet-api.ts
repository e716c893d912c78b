import type { BalanceAnswer, DrawSymbol, PayoutTypeValue, SavedPayoutMethod } from '@tp/contracts/light'
import { api, type Params } from '../api-client.ts'
import { STEP_UP_QUIET, withStepUp } from '../security/step-up.ts'

/** Payout methods, the currencies withdrawals are paid in, and the balance (docs/product.md "Screens" and "Calls"). */

export const MONEY_BALANCE_QUERY = 'money-balance'
export const PAYOUT_METHODS_QUERY = 'payout-methods'
export const DRAW_SYMBOLS_QUERY = 'draw-symbols'

export function fetchBalance(signal?: AbortSignal): Promise<BalanceAnswer> {
  return api.get<BalanceAnswer>('/v1/api/main/wallet/getBalance', { silent: true, signal })
}

/** The enabled withdraw currencies of one type (1 coin, 2 bank). */
export function fetchDrawSymbols(type: PayoutTypeValue, signal?: AbortSignal): Promise<DrawSymbol[]> {
  return api.get<DrawSymbol[]>('/api/account/draw_symbol_list', { query: { type }, silent: true, signal })
}

/** The caller's saved methods of one type, of one currency when `drawId` is given. */
export function fetchPayoutMethods(
  type: PayoutTypeValue,
  drawId?: number,
  signal?: AbortSignal,
): Promise<SavedPayoutMethod[]> {
  return api.get<SavedPayoutMethod[]>('/api/wallet/get_draw_method', {
    query: { draw_type: type, draw_id: drawId },
    silent: true,
    signal,
  })
}

/** Saves a coin address or a bank account; the server checks the fields and answers with its message. */
export function bindPayoutMethod(fields: Params) {
  return withStepUp(() =>
    api.postResult<null>('/api/wallet/bind_draw_method', fields, {
      loading: true,
      quietReasons: STEP_UP_QUIET,
    }),
  )
}

/** Where money goes out to: changed only after a fresh proof once the client has a second factor. */
export function deletePayoutMethod(id: number) {
  return withStepUp(() =>
    api.postResult<null>(
      '/api/wallet/del_draw_method',
      { id },
      { loading: true, quietReasons: STEP_UP_QUIET },
    ),
  )
}

/** How a withdraw currency is named on screen: `code-protocol` ("USDT-TRC20"), else the code. */
export function currencyLabel(currency: { code: string; protocol: string }): string {
  return currency.protocol ? `${currency.code}-${currency.protocol}` : currency.code
}
