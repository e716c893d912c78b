import { Typography } from 'antd'
import {
  DECISION_REMARK_MAX_LENGTH,
  REAL_NUMBER_MAX_LENGTH,
  WithdrawalStatus,
  type AdminWithdrawalItem,
} from '@tp/contracts/light'
import { UtcTime } from '../../../common/components/utc-time.tsx'
import type { MessageKey } from '../../../common/i18n/en.ts'
import { formatMoney, formatPayout } from '../../../common/lib/format.ts'
import { DetailList, Usd, type DetailRow } from '../../../common/queue/detail-parts.tsx'
import type { QueueConfig } from '../../../common/queue/queue-config.ts'
import type { Translate } from '../../../common/i18n/i18n.tsx'
import { withdrawalsApi } from '../api/withdrawals-api.ts'

const COLOURS: Record<number, string> = { 0: 'gold', 1: 'green', 2: 'red' }

/** Where the frozen rate came from: a live quote with the margin (and when), or the rate staff set. */
function rateSourceText(item: AdminWithdrawalItem, t: Translate): string {
  if (!item.rate_source.startsWith('quote:')) return t('withdrawals.rateSet')
  return t('withdrawals.rateLive', {
    instrument: item.rate_source.slice('quote:'.length),
    margin: item.rate_margin_pct,
    time: item.rate_quoted_at,
  })
}

/**
 * What to send, in the payout currency (not USD): the amount after the fee at the request's frozen
 * rate, exact to the currency's smallest unit (never rounded to 2 decimals).
 */
const toSend = (item: AdminWithdrawalItem) => `${formatPayout(item.receive_amount)} ${item.currency}`

const copyable = (text: string) =>
  text ? (
    <Typography.Text copyable style={{ wordBreak: 'break-all' }}>
      {text}
    </Typography.Text>
  ) : (
    ''
  )

function payee(item: AdminWithdrawalItem, t: Translate): DetailRow[] {
  if (!item.bank) return [{ label: t('withdrawals.address'), value: copyable(item.address), wide: true }]
  const bank = item.bank
  return [
    { label: t('withdrawals.bank'), value: bank.bank_name },
    { label: 'SWIFT', value: bank.bank_swift },
    { label: t('withdrawals.payee'), value: copyable(bank.payee_name) },
    { label: t('withdrawals.account'), value: copyable(bank.payee_account) },
    { label: 'IBAN', value: copyable(bank.iban) },
    { label: t('queue.currency'), value: bank.currency },
    { label: t('withdrawals.bankAddress'), value: bank.bank_address, wide: true },
    { label: t('withdrawals.notes'), value: bank.remark, wide: true },
  ]
}

/** Approving it now gives the first of two approvals: nothing is sent yet. */
const firstOfTwoAhead = (item: AdminWithdrawalItem) => item.two_approvals && item.first_approval === null

export const withdrawalsQueue: QueueConfig<AdminWithdrawalItem> = {
  name: 'withdrawals',
  title: 'withdrawals.title',
  statuses: [WithdrawalStatus.Waiting, WithdrawalStatus.Paid, WithdrawalStatus.Rejected],
  waiting: WithdrawalStatus.Waiting,
  statusLabel: (status) => `withdrawals.status.${status}` as MessageKey,
  statusColour: (status) => COLOURS[status] ?? 'default',
  types: [
    { value: 1, label: 'withdrawals.type.1' },
    { value: 2, label: 'withdrawals.type.2' },
  ],
  list: withdrawalsApi.list,
  columns: (t) => [
    { title: t('queue.id'), dataIndex: 'id', width: 80 },
    { title: t('queue.uid'), dataIndex: 'uid', width: 120 },
    { title: t('queue.email'), dataIndex: 'email' },
    { title: t('queue.currency'), dataIndex: 'currency', width: 140 },
    {
      title: t('queue.amount'),
      dataIndex: 'amount',
      align: 'right',
      width: 150,
      render: (v: string) => <Usd value={v} />,
    },
    {
      title: t('withdrawals.received'),
      key: 'receive',
      align: 'right',
      width: 160,
      render: (_v: unknown, item: AdminWithdrawalItem) => toSend(item),
    },
    {
      title: t('queue.submitted'),
      dataIndex: 'created_at',
      width: 200,
      render: (v: string) => <UtcTime value={v} />,
    },
  ],
  drawerTitle: (item, t) => `${t('withdrawals.item')} #${item.id} · ${formatMoney(item.amount)} USD`,
  details: (item, t) => (
    <DetailList
      rows={[
        { label: t('queue.amount'), value: <Usd value={item.amount} /> },
        { label: t('withdrawals.fee'), value: <Usd value={item.fee} /> },
        { label: t('withdrawals.received'), value: <strong>{toSend(item)}</strong> },
        { label: t('withdrawals.receiveUsd'), value: <Usd value={item.receive_usd} /> },
        { label: t('withdrawals.usdPrice'), value: formatPayout(item.usd_price) },
        { label: t('withdrawals.rateSource'), value: rateSourceText(item, t), wide: true },
        { label: t('queue.uid'), value: item.uid },
        { label: t('queue.email'), value: item.email },
        { label: t('queue.type'), value: t(`withdrawals.type.${item.type}` as MessageKey) },
        { label: t('queue.submitted'), value: <UtcTime value={item.created_at} /> },
        ...payee(item, t),
        { label: t('withdrawals.memo'), value: item.memo, wide: true },
        { label: t('withdrawals.realNumber'), value: item.real_number, wide: true },
        { label: t('queue.reviewed'), value: item.decided_at ? <UtcTime value={item.decided_at} /> : '' },
        { label: t('queue.reviewedBy'), value: item.decided_by },
        { label: t('queue.remark'), value: item.remark, wide: true },
      ]}
    />
  ),
  approvals: (item) => ({ first: item.first_approval, two: item.two_approvals }),
  decisions: [
    {
      key: 'approve',
      label: 'queue.approve',
      kind: 'approve',
      // The first of two approvals (decision 025) sends nothing: its text is a note for the second.
      title: (item, t) =>
        t(firstOfTwoAhead(item) ? 'withdrawals.firstApproveTitle' : 'withdrawals.approveTitle'),
      hint: (item, t) =>
        t(firstOfTwoAhead(item) ? 'withdrawals.firstApproveHint' : 'withdrawals.approveHint', {
          received: toSend(item),
        }),
      input: (item) =>
        firstOfTwoAhead(item)
          ? {
              field: 'real_number',
              label: 'withdrawals.firstNote',
              required: 'withdrawals.firstNoteRequired',
              maxLength: REAL_NUMBER_MAX_LENGTH,
              multiline: false,
            }
          : {
              field: 'real_number',
              label: 'withdrawals.realNumber',
              required: 'withdrawals.realNumberRequired',
              maxLength: REAL_NUMBER_MAX_LENGTH,
              multiline: false,
            },
      done: 'queue.approved',
      call: (id, body) => withdrawalsApi.approve(id, body.real_number ?? ''),
    },
    {
      key: 'reject',
      label: 'queue.reject',
      kind: 'reject',
      title: (_item, t) => t('withdrawals.rejectTitle'),
      hint: (_item, t) => t('withdrawals.rejectHint'),
      input: {
        field: 'remark',
        label: 'queue.remark',
        required: 'queue.remarkRequired',
        hint: 'queue.remarkHint',
        maxLength: DECISION_REMARK_MAX_LENGTH,
        multiline: true,
      },
      done: 'queue.rejected',
      call: (id, body) => withdrawalsApi.reject(id, body.remark ?? ''),
    },
  ],
}
