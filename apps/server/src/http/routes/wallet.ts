import type { FastifyInstance } from 'fastify'
import {
  PayoutType,
  bindBankMethodRequest,
  bindCoinMethodRequest,
  bindMethodTypeRequest,
  deleteDrawMethodRequest,
  drawSymbolListRequest,
  getDrawMethodRequest,
  type DrawSymbol,
  type SavedPayoutMethod,
} from '@tp/contracts'
import { bindPayoutMethod, deletePayoutMethod, savedPayoutMethods } from '../../money/payout-methods.ts'
import { currentPayoutRate, payoutRateTerms } from '../../money/payout-rate.ts'
import { drawSymbolView, enabledCurrencies } from '../../money/withdraw-currencies.ts'
import { requireRealAccount, sessionOf } from '../auth-guard.ts'
import { answer, ok, refused } from '../envelope.ts'
import { requireStepUp } from '../../users/second-factor/step-up.ts'
import { parse } from '../parse.ts'
import type { RouteDeps } from '../route-deps.ts'

/**
 * Payout methods and the currencies withdrawals are paid in. Real accounts only: a demo account has
 * no money to take out (docs/product.md "Roles"), and is told to register.
 */
export function walletRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const { db, clock } = deps
  const realAccount = { preHandler: requireRealAccount(db, clock) }

  app.get('/api/account/draw_symbol_list', realAccount, async (request) => {
    const { type } = parse(drawSymbolListRequest, request.query)
    const terms = await payoutRateTerms(db, { market: deps.market, nowMs: () => clock().getTime() })
    const currencies = await enabledCurrencies(db, type)
    return ok<DrawSymbol[]>(
      request,
      currencies.map((currency) => drawSymbolView(currency, currentPayoutRate(currency, terms))),
    )
  })

  app.get('/api/wallet/get_draw_method', realAccount, async (request) => {
    const { draw_type, draw_id } = parse(getDrawMethodRequest, request.query)
    const { userId } = sessionOf(request)
    return ok<SavedPayoutMethod[]>(request, await savedPayoutMethods(db, userId, draw_type, draw_id))
  })

  app.post('/api/wallet/bind_draw_method', realAccount, async (request) => {
    // The type decides which fields a method has, so it is read first and names its own error.
    const { type } = parse(bindMethodTypeRequest, request.body)
    const input =
      type === PayoutType.Coin
        ? parse(bindCoinMethodRequest, request.body)
        : parse(bindBankMethodRequest, request.body)
    const { userId } = sessionOf(request)
    // Where money goes out to: changed only after a fresh proof once there is a second factor.
    const proved = await requireStepUp(db, sessionOf(request), 'money', clock())
    if (!proved.ok) return refused(request, proved)
    return answer(request, await bindPayoutMethod(db, userId, input), 'method_bound')
  })

  app.post('/api/wallet/del_draw_method', realAccount, async (request) => {
    const { id } = parse(deleteDrawMethodRequest, request.body)
    const { userId } = sessionOf(request)
    const proved = await requireStepUp(db, sessionOf(request), 'money', clock())
    if (!proved.ok) return refused(request, proved)
    return answer(request, await deletePayoutMethod(db, userId, id, clock()), 'method_deleted')
  })
}
