import type { FastifyInstance, FastifyRequest } from 'fastify'
import { Decimal } from 'decimal.js'
import { eq } from 'drizzle-orm'
import {
  ClosedType,
  LedgerType,
  OrderStatus,
  closeByRequest,
  closeRequest,
  expiryOf,
  idempotencyHeader,
  ledgerRequest,
  modifyPendingRequest,
  myDealRequest,
  orderIdRequest,
  setStopRequest,
  setTrailingRequest,
  submitRequest,
  type BalanceAnswer,
  type CloseByAnswer,
  type LedgerPage,
  type MyDealAnswer,
} from '@tp/contracts'
import type { DeskResult } from '../../trading/desk.ts'
import { refusalOf } from '../../trading/refusal.ts'
import { users } from '../../db/schema.ts'
import { accountBalance } from '../../trading/account-balance.ts'
import { translate } from '../../i18n/translate.ts'
import { refuse } from '../../outcome/outcome.ts'
import { getSetting } from '../../settings/settings.ts'
import { displayMoney } from '../../users/users.ts'
import { ledgerPage } from '../../trading/ledger.ts'
import { asStored, orderPage } from '../../trading/stored-orders.ts'
import { periodOf } from '../../trading/statement/period.ts'
import { markText, transOrder, wireTime } from '../../trading/order-view.ts'
import { requireSession, sessionOf } from '../auth-guard.ts'
import { langOf, ok, refused } from '../envelope.ts'
import { parse } from '../parse.ts'
import { consentGateOf } from '../../legal/consents.ts'
import { perUserRateLimited, type RouteDeps } from '../route-deps.ts'

/** Orders that ended: closed positions, and pending orders cancelled or expired before they filled. */
const FINISHED = [OrderStatus.Closed, OrderStatus.Cancelled, OrderStatus.Expired]

/** Ledger rows that trading writes (forexChange lists only these). */
const TRADING_LEDGER_TYPES = [
  LedgerType.TRADE_FEE,
  LedgerType.TRADE_PROFIT,
  LedgerType.WRITE_OFF,
  LedgerType.SWAP,
  LedgerType.PROFIT_SHARE,
]

/** Orders, positions and the account: every call checks that the order belongs to the caller. */
export function tradingRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const { db, market, desk } = deps
  const signedIn = { preHandler: requireSession(db, deps.clock) }
  const command = { ...signedIn, config: perUserRateLimited('trading', deps.rateLimits.trading) }
  const now = () => deps.clock().getTime()
  const consentGate = consentGateOf(db, deps.publicUrl ?? '')
  const answer = (
    request: FastifyRequest,
    result: DeskResult,
    msgKey: string,
    data: unknown = null,
    instrumentId?: number,
  ) => (result.ok ? ok(request, data, msgKey) : refused(request, refusalOf(result, market, instrumentId)))

  app.get('/v1/api/forex/submit', command, async (request) => {
    const q = parse(submitRequest, request.query)
    const given = parse(idempotencyHeader, request.headers)['idempotency-key'] ?? q.client_order_id
    // Keys of orders live apart from the keys of withdrawals (`draw:`) and of gateways (`gateway:`).
    const key = given === undefined ? undefined : `order:${given}`
    const { userId } = sessionOf(request)
    // A real client trades only on the current agreement and risk disclosure (decision 045), with
    // the appropriateness test taken (decision 046).
    const consent = await consentGate.trade(userId, langOf(request), now())
    if (!consent.ok) return refused(request, consent)
    const pending = q.status === 0
    const expiresAtMs = pending ? expiryOf(q.expire_type, q.expire_time, now()) : 0
    if (expiresAtMs === 'invalid') return refused(request, refuse('expiry_invalid'))
    // Price protection: the price the user saw and the deviation allowed (a market order's only).
    const protection =
      !pending && q.price > 0 ? { seenPrice: q.price, maxDeviationPoints: q.deviation ?? 0 } : {}
    const order = {
      instrumentId: q.forex_id,
      side: q.type,
      lots: q.cont,
      leverage: q.multiple,
      stopLoss: q.stop_loss_price,
      takeProfit: q.target_profit_price,
      ...(pending ? { targetPrice: q.target_price, expiresAtMs } : protection),
    }
    const result = await desk.run(userId, { kind: 'open', order }, key, request.id)
    return answer(request, result, 'order_placed', result.ok ? { id: result.orderId } : null, q.forex_id)
  })

  app.get('/v1/api/forex/close', command, async (request) => {
    const { id, cont } = parse(closeRequest, request.query)
    const { userId } = sessionOf(request)
    const result = await desk.run(
      userId,
      {
        kind: 'close',
        orderId: id,
        ...(cont !== undefined && { lots: cont }),
      },
      undefined,
      request.id,
    )
    // A partial close leaves the rest open (position_reduced): the answer says so.
    const part = result.ok && result.events.some((event) => event.type === 'position_reduced')
    return answer(request, result, part ? 'order_part_closed' : 'order_closed')
  })

  app.get('/v1/api/forex/close_by', command, async (request) => {
    const { id, by_id } = parse(closeByRequest, request.query)
    const { userId } = sessionOf(request)
    const result = await desk.run(
      userId,
      { kind: 'close_by', orderId: id, byId: by_id },
      undefined,
      request.id,
    )
    if (!result.ok) return answer(request, result, 'positions_closed_by')
    const closed = result.events.flatMap((e) =>
      e.type === 'position_closed' && e.order.closedType === ClosedType.CloseBy ? [e.order] : [],
    )
    const profit = closed.reduce((sum, order) => sum.plus(order.profit), new Decimal(0))
    const lots = String(result.detail?.lots ?? '')
    const data: CloseByAnswer = { lots, profit: profit.toFixed(6) }
    return ok(request, data, 'positions_closed_by', { lots })
  })

  app.get('/v1/api/forex/cancel_trade', command, async (request) => {
    const { id } = parse(orderIdRequest, request.query)
    const { userId } = sessionOf(request)
    return answer(
      request,
      await desk.run(userId, { kind: 'cancel', orderId: id }, undefined, request.id),
      'order_cancelled',
    )
  })

  app.get('/v1/api/forex/modify_pending', command, async (request) => {
    const q = parse(modifyPendingRequest, request.query)
    const { userId } = sessionOf(request)
    const expiresAtMs = expiryOf(q.expire_type, q.expire_time, now())
    if (expiresAtMs === 'invalid') return refused(request, refuse('expiry_invalid'))
    const change = {
      targetPrice: q.target_price,
      stopLoss: q.stop_loss_price,
      takeProfit: q.target_profit_price,
      expiresAtMs,
    }
    const result = await desk.run(
      userId,
      { kind: 'modify_pending', orderId: q.id, change },
      undefined,
      request.id,
    )
    return answer(request, result, 'pending_modified')
  })

  app.get('/v1/api/forex/set_stop_price', command, async (request) => {
    const q = parse(setStopRequest, request.query)
    const { userId } = sessionOf(request)
    const result = await desk.run(
      userId,
      {
        kind: 'set_stops',
        orderId: q.id,
        stopLoss: q.stop_loss_price,
        takeProfit: q.target_profit_price,
      },
      undefined,
      request.id,
    )
    return answer(request, result, 'stops_saved')
  })

  app.get('/v1/api/forex/set_trailing_stop', command, async (request) => {
    const { id, points } = parse(setTrailingRequest, request.query)
    const { userId } = sessionOf(request)
    const result = await desk.run(
      userId,
      { kind: 'set_trailing', orderId: id, points },
      undefined,
      request.id,
    )
    return answer(request, result, points > 0 ? 'trailing_saved' : 'trailing_removed')
  })

  app.get('/v1/api/forex/my_deal', signedIn, async (request) => {
    const { status: asked, finished, page, limit, from, to } = parse(myDealRequest, request.query)
    const status = finished === 1 ? undefined : asked
    const { userId } = sessionOf(request)
    const engine = await deps.reads.ofUser(userId)
    const at = now()
    const lang = langOf(request)
    const offset = (page - 1) * limit
    const balance = displayMoney((await accountBalance(db, userId)).available)
    // Finished orders, and the list of everything, come from the database (live rows there are
    // as the desk last committed them); marks of live orders come from the engine.
    if (status !== OrderStatus.Pending && status !== OrderStatus.Holding) {
      const statuses = finished === 1 ? FINISHED : status === undefined ? undefined : [status]
      const period = from === undefined || to === undefined ? undefined : periodOf({ from, to })
      const stored = await orderPage(db, userId, statuses, offset, limit, period)
      return ok<MyDealAnswer>(request, {
        data: stored.rows.map((o) => transOrder(o, engine, market, at, lang)),
        total: stored.total,
        currency_page: limit,
        all_fact_profits: new Decimal(stored.profit).toFixed(6),
        balance,
      })
    }
    const live = engine
      .ordersOf(userId)
      .filter((o) => o.status === status)
      .reverse()
      .map((o) => transOrder(asStored(o), engine, market, at, lang))
    const profits = live.reduce((sum, o) => sum + Number(o.FactProfits), 0)
    return ok<MyDealAnswer>(request, {
      data: live.slice(offset, offset + limit),
      total: live.length,
      currency_page: limit,
      all_fact_profits: status === OrderStatus.Holding ? markText(profits) : '0.000000',
      balance,
    })
  })

  app.get('/v1/api/main/wallet/getBalance', signedIn, async (request) => {
    const { userId } = sessionOf(request)
    const row = await accountBalance(db, userId)
    const engine = await deps.reads.ofUser(userId)
    const view = engine.accountView(userId)
    const balance = Number(row.balance)
    const profit = view?.profit ?? 0
    const margin = view?.usedMargin ?? 0
    return ok<BalanceAnswer>(request, {
      balance: displayMoney(row.available),
      lock_balance: displayMoney(row.frozen),
      equity: markText(balance + profit),
      margin: markText(margin),
      free_margin: markText(balance + profit - margin),
      margin_level: margin > 0 ? Math.round(((balance + profit) / margin) * 10_000) / 100 : null,
      profit: markText(profit),
      withdrawable: engine.withdrawable(userId) ?? '0.00',
    })
  })

  app.get('/v1/api/main/user/resetForexDemoAccount', signedIn, async (request) => {
    const { userId } = sessionOf(request)
    const [user] = await db.select({ isDemo: users.isDemo }).from(users).where(eq(users.id, userId))
    if (!user?.isDemo) return refused(request, refuse('demo_only'))
    const starting = await getSetting(db, 'demo_starting_balance')
    const result = await desk.run(
      userId,
      {
        kind: 'reset_account',
        balance: starting,
        type: LedgerType.DEMO_RESET,
      },
      undefined,
      request.id,
    )
    return answer(request, result, 'demo_reset')
  })

  const ledgerAnswer = async (request: FastifyRequest, types?: readonly number[]) => {
    const { page, limit, from, to } = parse(ledgerRequest, request.query)
    const { userId } = sessionOf(request)
    const lang = langOf(request)
    const period = from !== undefined && to !== undefined ? { from, to } : undefined
    const { rows, total } = await ledgerPage(db, userId, (page - 1) * limit, limit, types, period)
    return ok<LedgerPage>(request, {
      list: rows.map((r) => ({
        Id: r.id,
        Value: new Decimal(r.amount).toFixed(6),
        Frozen: new Decimal(r.frozenAmount).toFixed(6),
        Type: r.type as LedgerPage['list'][number]['Type'],
        Memo: r.memo,
        MemoTran: translate(lang, `ledger.type_${r.type}`),
        BalanceAfter: new Decimal(r.balanceAfter).toFixed(6),
        CreatedAtTran: wireTime(r.createdAt.getTime()),
      })),
      total,
    })
  }
  app.get('/v1/api/main/account/forexDetail', signedIn, (request) => ledgerAnswer(request))
  app.get('/v1/api/main/accountLog/forexChange', signedIn, (request) =>
    ledgerAnswer(request, TRADING_LEDGER_TYPES),
  )
}
