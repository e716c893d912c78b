import { z } from 'zod'
import {
  bankDepositRequest,
  bindBankMethodRequest,
  bindCoinMethodRequest,
  coinDepositRequest,
  deleteDrawMethodRequest,
  depositHistoryRequest,
  drawSymbolListRequest,
  getDrawMethodRequest,
  realNameRequest,
  wireInfoRequest,
  withdrawListRequest,
  withdrawRequest,
} from '@tp/contracts'
import type { Call } from './call.ts'

/** An upload's signed link (`/api/common/upload/{id}?exp=…&sig=…`), as uploads.ts checks it. */
const uploadPath = z.object({ id: z.string() })

/** The phone's calls of uploads, payout methods, money in and out, identity and invitations. */
export const PHONE_MONEY_CALLS: Call[] = [
  // Uploads.
  {
    method: 'POST',
    path: '/api/common/image_upload',
    summary: 'Upload an image (identity papers, deposit proofs, chat)',
    auth: 'real_account',
    upload: true,
    limited: true,
  },
  {
    method: 'GET',
    path: '/api/common/upload/{id}',
    summary: 'An uploaded image through its signed, expiring link',
    auth: 'none',
    params: uploadPath,
    produces: 'image/*',
  },
  // Payout methods.
  {
    method: 'GET',
    path: '/api/account/draw_symbol_list',
    summary: 'Currencies a payout method may use',
    auth: 'real_account',
    query: drawSymbolListRequest,
  },
  {
    method: 'GET',
    path: '/api/wallet/get_draw_method',
    summary: 'Own payout methods (wallets, bank accounts)',
    auth: 'real_account',
    query: getDrawMethodRequest,
  },
  {
    method: 'POST',
    path: '/api/wallet/bind_draw_method',
    summary: 'Add a payout method (`type` 1 wallet, else bank account)',
    auth: 'real_account',
    body: z.union([bindCoinMethodRequest, bindBankMethodRequest]),
  },
  {
    method: 'POST',
    path: '/api/wallet/del_draw_method',
    summary: 'Delete a payout method',
    auth: 'real_account',
    body: deleteDrawMethodRequest,
  },
  // Money in and out.
  { method: 'GET', path: '/api/quickCharge/info', summary: 'Deposit channels', auth: 'real_account' },
  {
    method: 'GET',
    path: '/api/quickCharge/symbols',
    summary: 'Currencies a crypto deposit may use',
    auth: 'real_account',
  },
  {
    method: 'GET',
    path: '/api/quickCharge/wire_info',
    summary: 'The bank account to wire a deposit to',
    auth: 'real_account',
    query: wireInfoRequest,
  },
  {
    method: 'GET',
    path: '/api/quickCharge/submit',
    summary: 'Request a crypto deposit (with its proof)',
    auth: 'real_account',
    query: coinDepositRequest,
    limited: true,
  },
  {
    method: 'GET',
    path: '/api/quickCharge/wire_submit',
    summary: 'Request a bank deposit (with its proof)',
    auth: 'real_account',
    query: bankDepositRequest,
    limited: true,
  },
  {
    method: 'GET',
    path: '/api/quickCharge/quick_ist',
    summary: 'Own deposit requests',
    auth: 'real_account',
    query: depositHistoryRequest,
    answer: 'RecordPage',
  },
  {
    method: 'POST',
    path: '/api/account/draw',
    summary: 'Request a withdrawal (its amount is frozen at once)',
    auth: 'real_account',
    body: withdrawRequest,
    limited: true,
    idempotent: true,
  },
  {
    method: 'GET',
    path: '/api/account/draw_list',
    summary: 'Own withdrawal requests',
    auth: 'real_account',
    query: withdrawListRequest,
    answer: 'RecordPage',
  },
  // Identity and invitations.
  {
    method: 'POST',
    path: '/api/user_real/real_name',
    summary: 'Submit identity papers for review',
    auth: 'real_account',
    body: realNameRequest,
    limited: true,
  },
  {
    method: 'GET',
    path: '/api/user_real/center',
    summary: 'The latest identity check and its status',
    auth: 'real_account',
  },
  {
    method: 'GET',
    path: '/api/user/invite_info',
    summary: 'Own invitation code and link',
    auth: 'real_account',
    answer: 'InviteInfo',
  },
]
