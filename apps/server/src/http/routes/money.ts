import type { FastifyInstance, FastifyRequest } from 'fastify'
import {
  bankDepositRequest,
  idempotencyHeader,
  coinDepositRequest,
  depositHistoryRequest,
  withdrawListRequest,
  withdrawRequest,
  wireInfoRequest,
  type BankAccount,
  type BankCurrency,
  type CoinChannel,
  type DepositRecord,
  type RecordPage,
  type WithdrawRecord,
} from '@tp/contracts'
import {
  bankAccountsIn,
  bankCurrencies,
  coinChannels,
  depositHistory,
  submitDeposit,
} from '../../money/deposits.ts'
import { withdrawalList } from '../../money/withdrawals.ts'
import type { MoneyResult } from '../../trading/desk.ts'
import { requireRealAccount, sessionOf } from '../auth-guard.ts'
import { answer, langOf, ok, refused } from '../envelope.ts'
import { parse } from '../parse.ts'
import { consentGateOf } from '../../legal/consents.ts'
import { requireStepUp } from '../../users/second-factor/step-up.ts'
import { perUserRateLimited, type RouteDeps } from '../route-deps.ts'

/**
 * Money in and out (docs/product.md "Calls", `quickCharge/*` and `account/draw*`). Real accounts only: a
 * demo account is told to register. Deposits are requests that staff approve; a withdrawal freezes
 * its amount at once, through the trading desk.
 */
export function moneyRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const { db, clock } = deps
  const realAccount = { preHandler: requireRealAccount(db, clock) }
  const moneyRequest = { ...realAccount, config: perUserRateLimited('money', deps.rateLimits.money) }
  // A deposit only on the current agreement and risk disclosure (decision 045).
  const consentGate = consentGateOf(db, deps.publicUrl ?? '')
  const moneyAnswer = (request: FastifyRequest, result: MoneyResult, msgKey: string) =>
    result.ok ? ok(request, null, msgKey) : refused(request, result)

  app.get('/api/quickCharge/info', realAccount, async (request) =>
    ok<CoinChannel[]>(request, await coinChannels(db)),
  )

  app.get('/api/quickCharge/symbols', realAccount, async (request) =>
    ok<BankCurrency[]>(request, await bankCurrencies(db)),
  )

  app.get('/api/quickCharge/wire_info', realAccount, async (request) => {
    const { bank_coin } = parse(wireInfoRequest, request.query)
    return ok<BankAccount[]>(request, await bankAccountsIn(db, bank_coin))
  })

  app.get('/api/quickCharge/submit', moneyRequest, async (request) => {
    const q = parse(coinDepositRequest, request.query)
    const { userId } = sessionOf(request)
    const consent = await consentGate.deposit(userId, langOf(request), clock().getTime())
    if (!consent.ok) return refused(request, consent)
    const outcome = await submitDeposit(db, userId, {
      type: 0,
      channelId: q.charge_id,
      address: q.address,
      amount: q.number,
      proof: q.proofImg,
    })
    return answer(request, outcome, 'deposit_submitted')
  })

  app.get('/api/quickCharge/wire_submit', moneyRequest, async (request) => {
    const q = parse(bankDepositRequest, request.query)
    const { userId } = sessionOf(request)
    const consent = await consentGate.deposit(userId, langOf(request), clock().getTime())
    if (!consent.ok) return refused(request, consent)
    const outcome = await submitDeposit(db, userId, {
      type: 1,
      accountId: q.wire_id,
      amount: q.number,
      proof: q.proofImg,
    })
    return answer(request, outcome, 'deposit_submitted')
  })

  app.get('/api/quickCharge/quick_ist', realAccount, async (request) => {
    const { type, page, limit } = parse(depositHistoryRequest, request.query)
    const { userId } = sessionOf(request)
    return ok<RecordPage<DepositRecord>>(
      request,
      await depositHistory(db, userId, type, (page - 1) * limit, limit),
    )
  })

  app.post('/api/account/draw', moneyRequest, async (request) => {
    const body = parse(withdrawRequest, request.body)
    const key = parse(idempotencyHeader, request.headers)['idempotency-key']
    const { userId } = sessionOf(request)
    // Once the client has a second factor, money leaves only after a fresh proof (decision 047).
    const proved = await requireStepUp(db, sessionOf(request), 'money', clock())
    if (!proved.ok) return refused(request, proved)
    // Keys of withdrawals live apart from the keys of orders.
    const result = await deps.errands.requestWithdrawal(
      userId,
      body,
      key === undefined ? undefined : `draw:${key}`,
    )
    return moneyAnswer(request, result, 'withdrawal_submitted')
  })

  app.get('/api/account/draw_list', realAccount, async (request) => {
    const { type, page, limit } = parse(withdrawListRequest, request.query)
    const { userId } = sessionOf(request)
    const kind = type as 1 | 2 | undefined
    const list = await withdrawalList(db, langOf(request), userId, kind, (page - 1) * limit, limit)
    return ok<RecordPage<WithdrawRecord>>(request, list)
  })
}
