import type { FastifyInstance } from 'fastify'
import { Decimal } from 'decimal.js'
import {
  ClosedType,
  OrderStatus,
  Side,
  accountLogRequest,
  batchCloseRequest,
  dealAllRequest,
  dealRequest,
  type AccountKind,
  type AccountLogRecord,
  type BatchCloseAnswer,
  type DealAllAnswer,
  type DealAnswer,
  type RecordPage,
} from '@tp/contracts'
import type { Order, PositionMark, TradingEngine } from '@tp/engine'
import { translate } from '../../i18n/translate.ts'
import { refuse } from '../../outcome/outcome.ts'
import { refusalOf } from '../../trading/refusal.ts'
import { accountBalance } from '../../trading/account-balance.ts'
import { ledgerPage } from '../../trading/ledger.ts'
import { asStored } from '../../trading/stored-orders.ts'
import { marginLevelPercent, markText, originMargin, transOrder, wireTime } from '../../trading/order-view.ts'
import { displayMoney } from '../../users/users.ts'
import { requireSession, sessionOf } from '../auth-guard.ts'
import { langOf, ok, refused } from '../envelope.ts'
import { parse } from '../parse.ts'
import { perUserRateLimited, type RouteDeps } from '../route-deps.ts'

/** The one currency the trading account is kept in, as the family's account calls name it. */
const USD = { id: 1, code: 'USD' as const }

/** The margin of one instrument's positions as the account's is counted: a hedge holds its larger side. */
function hedgedMargin(positions: readonly Order[], marks: readonly PositionMark[]): number {
  const bySide = [0, 0]
  positions.forEach((order, i) => (bySide[order.side === Side.Buy ? 0 : 1]! += marks[i]!.margin))
  return Math.max(bySide[0]!, bySide[1]!)
}

/** `deal` lists at most this many of the caller's orders, as the family does. */
const DEAL_ORDERS_SHOWN = 10

/**
 * Calls that existing clients of this API family make beyond docs/product.md (docs/wire.md "Calls and
 * fields the family's clients use"), served from the same desk, ledger and checks as the phone's own.
 * `/api/user/login` is the same route as `loginForU` (http/url-aliases.ts).
 */
export function familyRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const { db, market, desk, reads } = deps
  const signedIn = { preHandler: requireSession(db, deps.clock) }
  const command = { ...signedIn, config: perUserRateLimited('trading', deps.rateLimits.trading) }
  const now = () => deps.clock().getTime()

  /** The caller's open positions (and, with `pending`, pending orders), newest first, on one instrument. */
  const openOrders = (engine: TradingEngine, userId: number, instrumentId: number, pending: boolean) =>
    engine
      .ordersOf(userId)
      .filter(
        (o) =>
          o.instrumentId === instrumentId &&
          (o.status === OrderStatus.Holding || (pending && o.status === OrderStatus.Pending)),
      )
      .reverse()

  app.get('/v1/api/forex/deal', signedIn, async (request) => {
    const { forex_id } = parse(dealRequest, request.query)
    const def = market.instrument(forex_id)
    if (!def) return refused(request, refuse('instrument_not_found'))
    const { userId } = sessionOf(request)
    const at = now()
    const lang = langOf(request)
    const engine = await reads.ofUser(userId)
    // The caller's own price: its client group may pay a markup (decision 052).
    const view = market.view(def, at, lang, engine.clientGroupOf(userId))
    const { balance } = await accountBalance(db, userId)
    const orders = openOrders(engine, userId, forex_id, true).slice(0, DEAL_ORDERS_SHOWN)
    return ok<DealAnswer>(request, {
      forex_cont_limit: { min: view.ForexMinCont, max: view.ForexMaxCont },
      forex_user_balance: Number(displayMoney(balance)),
      my_transaction: orders.map((o) => transOrder(asStored(o), engine, market, at, lang)),
      last_price: view.LastPrice,
      quotation: view.ForexQuotations,
      settle_currency_code: USD.code,
    })
  })

  app.get('/v1/api/forex/deal_all', signedIn, async (request) => {
    const { forex_id, page, limit } = parse(dealAllRequest, request.query)
    if (!market.instrument(forex_id)) return refused(request, refuse('instrument_not_found'))
    const { userId } = sessionOf(request)
    const engine = await reads.ofUser(userId)
    const at = now()
    const lang = langOf(request)
    const account = engine.accountView(userId)
    const positions = openOrders(engine, userId, forex_id, false)
    const marks = positions.map((o) => engine.markOf(o))
    const allPositions = engine.ordersOf(userId).filter((o) => o.status === OrderStatus.Holding)
    const { balance } = await accountBalance(db, userId)
    return ok<DealAllAnswer>(request, {
      balance: displayMoney(balance),
      hazard_rate: account ? marginLevelPercent(account) : null,
      profits_total: markText(account?.profit ?? 0),
      caution_money_total: markText(account?.usedMargin ?? 0),
      origin_caution_money_total: markText(originMargin(allPositions)),
      profits: markText(marks.reduce((sum, m) => sum + m.profit, 0)),
      caution_money: markText(hedgedMargin(positions, marks)),
      origin_caution_money: markText(originMargin(positions)),
      order: {
        data: positions
          .slice((page - 1) * limit, page * limit)
          .map((o) => transOrder(asStored(o), engine, market, at, lang)),
        total: positions.length,
        currency_page: limit,
      },
    })
  })

  app.get('/v1/api/forex/batch_Close_by_type', command, async (request) => {
    const q = parse(batchCloseRequest, request.query)
    const { userId } = sessionOf(request)
    const pick = {
      ...(q.type === 0 ? {} : { side: q.type }),
      ...(q.forex_id === undefined ? {} : { instrumentId: q.forex_id }),
      ...(q.result === undefined ? {} : { result: q.result }),
    }
    const result = await desk.run(userId, { kind: 'close_all', pick }, undefined, request.id)
    if (!result.ok) return refused(request, refusalOf(result, market, q.forex_id))
    // A stop-out the closes caused closes the rest as a stop-out: only the user's own closes are listed.
    const closed: BatchCloseAnswer = result.events.flatMap((event) =>
      event.type === 'position_closed' && event.order.closedType === ClosedType.User ? [event.order.id] : [],
    )
    const left = Number(result.detail?.left ?? 0)
    const msgKey = left > 0 ? 'positions_closed_partly' : 'positions_closed'
    return ok(request, closed, msgKey, { closed: closed.length, left })
  })

  // The family moves money between a wallet and the trading account; here there is one account.
  app.get('/v1/api/forex/recharge_to_forex', signedIn, async (request) =>
    refused(request, refuse('single_account')),
  )
  app.get('/v1/api/forex/recharge_submit', signedIn, async (request) =>
    refused(request, refuse('single_account')),
  )

  app.get('/api/account/list', signedIn, async (request) => {
    const { userId } = sessionOf(request)
    const { balance, frozen } = await accountBalance(db, userId)
    const usd = displayMoney(balance)
    const lockUsd = displayMoney(frozen)
    const kind: AccountKind = {
      id: 1,
      name: translate(langOf(request), 'trading_account'),
      account_code: 'forex_account',
      is_recharge: 1,
      is_display: 1,
      convert_usd: usd,
      convert_lock_usd: lockUsd,
      accounts: [
        {
          id: userId,
          currency_id: USD.id,
          balance: usd,
          lock_balance: lockUsd,
          convert_usd: usd,
          currency_code: USD.code,
          sum_balance: displayMoney(new Decimal(balance).plus(frozen).toString()),
          currency: { ...USD, decimal: 2 },
        },
      ],
    }
    return ok(request, [kind])
  })

  app.get('/api/account_log/forex', signedIn, async (request) => {
    const { page, limit } = parse(accountLogRequest, request.query)
    const { userId } = sessionOf(request)
    const lang = langOf(request)
    const { rows, total } = await ledgerPage(db, userId, (page - 1) * limit, limit)
    return ok<RecordPage<AccountLogRecord>>(request, {
      data: rows.map((r) => ({
        id: r.id,
        currency_id: USD.id,
        type: r.type,
        type_name: translate(lang, `ledger.type_${r.type}`),
        user_id: userId,
        before: new Decimal(r.balanceAfter).minus(r.amount).toFixed(2),
        value: new Decimal(r.amount).toFixed(2),
        after: new Decimal(r.balanceAfter).toFixed(2),
        memo: r.memo,
        created_at: wireTime(r.createdAt.getTime()),
        currency: USD,
      })),
      total,
    })
  })
}
