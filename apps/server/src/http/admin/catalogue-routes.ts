import type { FastifyInstance } from 'fastify'
import { spreadPoints } from '@tp/engine'
import {
  CATALOGUE_MESSAGE,
  categoryCreateRequest,
  categoryUpdateRequest,
  depositBankAccountUpdateRequest,
  depositChannelUpdateRequest,
  holidayListRequest,
  holidayRequest,
  instrumentIdParams,
  instrumentNamesRequest,
  instrumentUpdateRequest,
  withdrawCurrencyUpdateRequest,
  type AdminInstrument,
} from '@tp/contracts'
import { createCategory, listCategories, updateCategory } from '../../staff/catalogue/category-admin.ts'
import { listInstruments, updateInstrument } from '../../staff/catalogue/instrument-admin.ts'
import {
  createHoliday,
  deleteHoliday,
  listHolidays,
  updateHoliday,
} from '../../staff/catalogue/holiday-admin.ts'
import { namesById, updateInstrumentNames } from '../../market/instrument-names-admin.ts'
import {
  listDepositBankAccounts,
  listDepositChannels,
  listWithdrawCurrencies,
  updateDepositBankAccount,
  updateDepositChannel,
  updateWithdrawCurrency,
} from '../../staff/catalogue/money-catalogue-admin.ts'
import { answer, ok } from '../envelope.ts'
import { waitingOr } from './approval-answer.ts'
import { parse } from '../parse.ts'
import type { RouteDeps } from '../route-deps.ts'
import { actorOf, requireStaff } from './staff-guard.ts'
import { catalogueListeners } from './catalogue-listeners.ts'

/**
 * The back office's catalogue (issue 11): instruments with every field, edited while the server
 * runs. A committed change reaches the engine (desk reload), the market (new definitions, quotes
 * and candles kept) and every socket (`CATALOGUE`, so clients load `trade_list` again).
 */
export function adminCatalogueRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const { db, clock, topics } = deps
  const guard = { preHandler: requireStaff(db, clock, 'catalogue.edit') }
  const moneyGuard = { preHandler: requireStaff(db, clock, 'money_catalogue.edit') }
  const listeners = catalogueListeners(deps)

  app.get('/admin/api/instruments', guard, async (request) => {
    // The source's own spread is the engine's to know (where the price source runs).
    const sourceSpread = (id: number) => {
      const [quote, def] = [deps.market.sourceQuote(id), deps.market.instrument(id)]
      return quote && def ? spreadPoints(quote, def.precision) : null
    }
    const [list, names] = await Promise.all([listInstruments(db, undefined, sourceSpread), namesById(db)])
    return ok<AdminInstrument[]>(
      request,
      list.map((item) => ({ ...item, names: names.get(item.id) ?? {} })),
    )
  })

  // Names in other languages: phones hear of them as of any catalogue change (CATALOGUE).
  app.post('/admin/api/instruments/:id/names', guard, async (request) => {
    const { id } = parse(instrumentIdParams, request.params)
    const change = parse(instrumentNamesRequest, request.body)
    return answer(
      request,
      await updateInstrumentNames(db, listeners.changed, actorOf(request), id, change),
      'saved',
    )
  })

  app.post('/admin/api/instruments/:id', guard, async (request) => {
    const { id } = parse(instrumentIdParams, request.params)
    const change = parse(instrumentUpdateRequest, request.body)
    const outcome = await updateInstrument(db, listeners, actorOf(request), id, change, clock())
    return answer(request, outcome, waitingOr(outcome))
  })

  // The holiday calendar (issue 13): a change reaches the desk, the market and phones at once.
  app.get('/admin/api/holidays', guard, async (request) => {
    const { from } = parse(holidayListRequest, request.query)
    return ok(request, await listHolidays(db, clock().getTime(), from))
  })

  app.post('/admin/api/holidays', guard, async (request) => {
    const input = parse(holidayRequest, request.body)
    return answer(request, await createHoliday(db, listeners, actorOf(request), input), 'saved')
  })

  app.post('/admin/api/holidays/:id', guard, async (request) => {
    const { id } = parse(instrumentIdParams, request.params)
    const input = parse(holidayRequest, request.body)
    return answer(request, await updateHoliday(db, listeners, actorOf(request), id, input), 'saved')
  })

  app.post('/admin/api/holidays/:id/delete', guard, async (request) => {
    const { id } = parse(instrumentIdParams, request.params)
    return answer(request, await deleteHoliday(db, listeners, actorOf(request), id), 'saved')
  })

  app.get('/admin/api/categories', guard, async (request) => ok(request, await listCategories(db)))

  // Categories are read from the database on every getCategories: only clients need telling.
  const told = <T extends { ok: boolean }>(outcome: T) => {
    if (outcome.ok) topics.broadcast(CATALOGUE_MESSAGE.type, CATALOGUE_MESSAGE)
    return outcome
  }

  app.post('/admin/api/categories', guard, async (request) => {
    const input = parse(categoryCreateRequest, request.body)
    return answer(request, told(await createCategory(db, actorOf(request), input)), 'saved')
  })

  app.post('/admin/api/categories/:id', guard, async (request) => {
    const { id } = parse(instrumentIdParams, request.params)
    const change = parse(categoryUpdateRequest, request.body)
    return answer(request, told(await updateCategory(db, actorOf(request), id, change)), 'saved')
  })

  // The money screens read these tables on every call: a change shows at the next one.
  app.get('/admin/api/withdraw_currencies', moneyGuard, async (request) =>
    ok(request, await listWithdrawCurrencies(db)),
  )

  app.post('/admin/api/withdraw_currencies/:id', moneyGuard, async (request) => {
    const { id } = parse(instrumentIdParams, request.params)
    const change = parse(withdrawCurrencyUpdateRequest, request.body)
    return answer(request, await updateWithdrawCurrency(db, actorOf(request), id, change), 'saved')
  })

  app.get('/admin/api/deposit_channels', moneyGuard, async (request) =>
    ok(request, await listDepositChannels(db)),
  )

  app.post('/admin/api/deposit_channels/:id', moneyGuard, async (request) => {
    const { id } = parse(instrumentIdParams, request.params)
    const change = parse(depositChannelUpdateRequest, request.body)
    return answer(request, await updateDepositChannel(db, actorOf(request), id, change), 'saved')
  })

  app.get('/admin/api/deposit_bank_accounts', moneyGuard, async (request) =>
    ok(request, await listDepositBankAccounts(db)),
  )

  app.post('/admin/api/deposit_bank_accounts/:id', moneyGuard, async (request) => {
    const { id } = parse(instrumentIdParams, request.params)
    const change = parse(depositBankAccountUpdateRequest, request.body)
    return answer(request, await updateDepositBankAccount(db, actorOf(request), id, change), 'saved')
  })
}
