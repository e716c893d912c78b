import { z } from 'zod'
import {
  accountLogRequest,
  batchCloseRequest,
  dealAllRequest,
  dealRequest,
  loginRequest,
} from '@tp/contracts'
import type { Call } from './call.ts'

/** The calls existing clients of the API family make beyond the phone's (http/routes/family.ts). */
export const FAMILY_CALLS: Call[] = [
  {
    method: 'POST',
    path: '/api/user/login',
    summary:
      'Sign in: the same route as `loginForU` (its limits and answer), by the name the Vue 3 app calls',
    auth: 'none',
    body: loginRequest,
    limited: true,
  },
  {
    method: 'GET',
    path: '/v1/api/forex/deal',
    summary: "An instrument's lot limits, the balance as a number and the caller's open orders there",
    auth: 'session',
    query: dealRequest,
    answer: 'DealAnswer',
  },
  {
    method: 'GET',
    path: '/v1/api/forex/deal_all',
    summary: "The account's and an instrument's marks, and its open positions, a page at a time",
    auth: 'session',
    query: dealAllRequest,
    answer: 'DealAllAnswer',
  },
  {
    method: 'GET',
    path: '/v1/api/forex/batch_Close_by_type',
    summary: 'Close all open positions, all buys or all sells (ours: only those in profit or at a loss)',
    auth: 'session',
    query: batchCloseRequest,
    answer: 'BatchCloseAnswer',
    limited: true,
  },
  {
    method: 'GET',
    path: '/v1/api/forex/recharge_to_forex',
    summary: 'Refused `single_account`: there is one account, nothing to move between accounts',
    auth: 'session',
  },
  {
    method: 'GET',
    path: '/v1/api/forex/recharge_submit',
    summary: 'Refused `single_account`: there is one account, nothing to move between accounts',
    auth: 'session',
    query: z
      .object({ type: z.string(), number: z.string(), settle_id: z.string(), currency_id: z.string() })
      .partial(),
  },
  {
    method: 'GET',
    path: '/api/account/list',
    summary: 'The account kinds and their accounts: here the one USD trading account',
    auth: 'session',
    answer: 'AccountKind[]',
  },
  {
    method: 'GET',
    path: '/api/account_log/forex',
    summary: "The trading account's ledger, a page at a time",
    auth: 'session',
    query: accountLogRequest,
    answer: 'RecordPage<AccountLogRecord>',
  },
]
