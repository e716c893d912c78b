import { Alert } from 'antd'
import { Link } from 'react-router'
import {
  DECISION_REMARK_MAX_LENGTH,
  DepositStatus,
  DepositType,
  type AdminDepositItem,
} from '@tp/contracts/light'
import { UtcTime } from '../../../common/components/utc-time.tsx'
import type { MessageKey } from '../../../common/i18n/en.ts'
import { formatMoney } from '../../../common/lib/format.ts'
import { DetailImages, DetailList, Usd } from '../../../common/queue/detail-parts.tsx'
import type { DecisionInput, QueueConfig } from '../../../common/queue/queue-config.ts'
import { depositsApi } from '../api/deposits-api.ts'

const COLOURS: Record<number, string> = { 0: 'gold', 1: 'green', 2: 'red', 3: 'default' }

const REMARK: DecisionInput = {
  field: 'remark',
  label: 'queue.remark',
  required: 'queue.remarkRequired',
  hint: 'queue.remarkHint',
  maxLength: DECISION_REMARK_MAX_LENGTH,
  multiline: true,
}

/** Approving it now gives the first of two approvals: nothing is credited yet. */
const firstOfTwoAhead = (item: AdminDepositItem) => item.two_approvals && item.first_approval === null

export const depositsQueue: QueueConfig<AdminDepositItem> = {
  name: 'deposits',
  title: 'deposits.title',
  statuses: [DepositStatus.Unchecked, DepositStatus.Finished, DepositStatus.Rejected, DepositStatus.Invalid],
  waiting: DepositStatus.Unchecked,
  statusLabel: (status) => `deposits.status.${status}` as MessageKey,
  statusColour: (status) => COLOURS[status] ?? 'default',
  types: [
    { value: DepositType.Coin, label: 'deposits.type.0' },
    { value: DepositType.Bank, label: 'deposits.type.1' },
  ],
  list: depositsApi.list,
  columns: (t) => [
    { title: t('queue.id'), dataIndex: 'id', width: 80 },
    { title: t('queue.uid'), dataIndex: 'uid', width: 120 },
    { title: t('queue.email'), dataIndex: 'email' },
    {
      title: t('queue.type'),
      dataIndex: 'type',
      width: 130,
      render: (v: number) => t(`deposits.type.${v}` as MessageKey),
    },
    { title: t('queue.currency'), dataIndex: 'currency_code', width: 130 },
    {
      title: t('queue.amount'),
      dataIndex: 'amount',
      align: 'right',
      width: 150,
      render: (v: string) => <Usd value={v} />,
    },
    {
      title: t('queue.submitted'),
      dataIndex: 'created_at',
      width: 200,
      render: (v: string) => <UtcTime value={v} />,
    },
  ],
  drawerTitle: (item, t) => `${t('deposits.item')} #${item.id} · ${formatMoney(item.amount)} USD`,
  details: (item, t) => (
    <>
      {item.similar_deposit_id !== null && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="deposit-similar-proof"
          message={t('deposits.similarProof', {
            id: item.similar_deposit_id,
            bits: item.similar_distance ?? 0,
          })}
          action={
            <Link
              to={`/deposits?status=all&q=${encodeURIComponent(`#${item.similar_deposit_id}`)}`}
              target="_blank"
              data-testid="deposit-similar-link"
            >
              {t('deposits.similarOpen', { id: item.similar_deposit_id })}
            </Link>
          }
        />
      )}
      <DetailList
        rows={[
          { label: t('queue.amount'), value: <Usd value={item.amount} /> },
          { label: t('queue.currency'), value: item.currency_code },
          { label: t('queue.uid'), value: item.uid },
          { label: t('queue.email'), value: item.email },
          { label: t('queue.type'), value: t(`deposits.type.${item.type}` as MessageKey) },
          { label: t('queue.submitted'), value: <UtcTime value={item.created_at} /> },
          { label: t('deposits.address'), value: item.address, wide: true },
          { label: t('withdrawals.bank'), value: item.bank_account?.bank_name ?? '' },
          { label: t('withdrawals.payee'), value: item.bank_account?.payee_name ?? '' },
          { label: t('withdrawals.account'), value: item.bank_account?.payee_account ?? '', wide: true },
          { label: t('queue.reviewed'), value: item.decided_at ? <UtcTime value={item.decided_at} /> : '' },
          { label: t('queue.reviewedBy'), value: item.decided_by },
          { label: t('queue.remark'), value: item.remark, wide: true },
        ]}
      />
      <DetailImages images={[{ src: item.proof_url, caption: t('deposits.proof') }]} />
    </>
  ),
  approvals: (item) => ({ first: item.first_approval, two: item.two_approvals }),
  decisions: [
    {
      key: 'approve',
      label: 'queue.approve',
      kind: 'approve',
      // The first of two approvals (decision 025) credits nothing yet.
      title: (item, t) =>
        t(firstOfTwoAhead(item) ? 'deposits.firstApproveConfirm' : 'deposits.approveConfirm', {
          amount: formatMoney(item.amount),
          user: item.email || item.uid,
        }),
      hint: (item, t) => t(firstOfTwoAhead(item) ? 'deposits.firstApproveHint' : 'deposits.approveHint'),
      done: 'queue.approved',
      call: (id) => depositsApi.approve(id),
    },
    {
      key: 'invalid',
      label: 'deposits.invalid',
      kind: 'other',
      title: (_item, t) => t('deposits.invalidTitle'),
      input: REMARK,
      done: 'deposits.markedInvalid',
      call: (id, body) => depositsApi.invalid(id, body.remark ?? ''),
    },
    {
      key: 'reject',
      label: 'queue.reject',
      kind: 'reject',
      title: (_item, t) => t('deposits.rejectTitle'),
      input: REMARK,
      done: 'queue.rejected',
      call: (id, body) => depositsApi.reject(id, body.remark ?? ''),
    },
  ],
}
