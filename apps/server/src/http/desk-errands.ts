import type { withdrawRequest } from '@tp/contracts'
import type { z } from 'zod'
import type { Db } from '../db/client.ts'
import type { MarketData } from '../market/market-data.ts'
import { requestWithdrawal } from '../money/withdrawals.ts'
import type { Outcome } from '../outcome/outcome.ts'
import type { ErrandRunner } from '../trading/command-stream/engine-consumer.ts'
import type { RemoteDesk } from '../trading/command-stream/remote-desk.ts'
import type { DeskPort, MoneyResult } from '../trading/desk.ts'
import { createDemoAccount } from '../users/demo-accounts.ts'

export type WithdrawBody = z.infer<typeof withdrawRequest>

/**
 * The client's errands that book money in a transaction of their own beside the desk (decision
 * 049): run here where the desk runs, or sent by name to the engine process from a gateway (a
 * closure cannot travel). Staff's money work needs no such name: the back office is served beside
 * the desk.
 */
export interface DeskErrands {
  /** Opens the demo account of a device with its starting balance; its user id. */
  openDemoAccount(demoId: string): Promise<Outcome<number>>
  /** Asks for a withdrawal (`key`: its idempotency key). */
  requestWithdrawal(userId: number, body: WithdrawBody, key?: string): Promise<MoneyResult>
}

/** The errands run on the desk of this process. */
export function localErrands(deps: {
  db: Db
  desk: DeskPort
  market: MarketData
  clock: () => Date
}): DeskErrands {
  return {
    openDemoAccount: (demoId) => createDemoAccount(deps, demoId, deps.clock()),
    requestWithdrawal: (userId, body, key) =>
      requestWithdrawal(
        deps.desk,
        { market: deps.market, nowMs: () => deps.clock().getTime() },
        userId,
        {
          currencyId: body.draw_currency_id,
          amount: body.number,
          memo: body.memo,
          methodId: body.draw_method_id,
        },
        key,
      ),
  }
}

/** A gateway's errands: sent on the command stream, run by the engine's `errandRunner`. */
export function remoteErrands(remote: RemoteDesk): DeskErrands {
  return {
    openDemoAccount: async (demoId) =>
      (await remote.send(0, { kind: 'open_demo', demoId })) as Outcome<number>,
    requestWithdrawal: async (userId, body, key) =>
      (await remote.send(userId, { kind: 'withdraw', body }, key)) as MoneyResult,
  }
}

/** The engine's side of `remoteErrands`: each named errand run on this process's desk. */
export function errandRunner(errands: DeskErrands): ErrandRunner {
  return async (entry) => {
    const { request } = entry
    if (request.kind === 'open_demo') return errands.openDemoAccount(request.demoId)
    if (request.kind === 'withdraw') return errands.requestWithdrawal(entry.userId, request.body, entry.key)
    throw new Error(`no errand ${request.kind}`)
  }
}
