import { Link } from 'react-router'
import { useQueryClient } from '@tanstack/react-query'
import { App, Button, Space, Tag, Tooltip, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { AdjustmentStatus, type AdjustmentItem, type AdjustmentStatusValue } from '@tp/contracts/light'
import { useT } from '../../../common/i18n/i18n.tsx'
import { UtcTime } from '../../../common/components/utc-time.tsx'
import { formatMoney } from '../../../common/lib/format.ts'
import { useSession } from '../../../common/session/session-store.ts'
import { useCan } from '../../../common/session/permissions.ts'
import { SignedUsd } from '../../../common/components/user-tags.tsx'
import { useConfirm } from '../../../common/components/use-confirm.tsx'
import { adjustmentsApi } from '../api/adjustments-api.ts'

const STATUS_COLOURS: Record<AdjustmentStatusValue, string> = { 0: 'gold', 1: 'green', 2: 'default' }
/** Staff e-mails can be long: cut, whole on hover. */
const Who = ({ email }: { email: string }) => (
  <Typography.Text style={{ maxWidth: 190 }} ellipsis={{ tooltip: email }}>
    {email}
  </Typography.Text>
)
const signed = (text: string) => (Number(text) > 0 ? `+${formatMoney(text)}` : formatMoney(text))

/**
 * The table's columns for the shown status (`undefined`: all); admins get the decisions, never on
 * their own requests (four eyes). Who decided is left out of the waiting list: nobody has yet.
 */
export function useAdjustmentColumns(status: AdjustmentStatusValue | undefined): ColumnsType<AdjustmentItem> {
  const t = useT()
  const can = useCan()
  const me = useSession()?.staff.email
  const confirm = useConfirm()
  const { message } = App.useApp()
  const queryClient = useQueryClient()

  function decide(item: AdjustmentItem, approve: boolean) {
    const values = { uid: item.uid, amount: signed(item.amount) }
    confirm({
      title: t(approve ? 'adjustments.approveConfirm' : 'adjustments.rejectConfirm', values),
      content: approve
        ? t('adjustments.approveHint', { memo: item.memo, requester: item.requested_by })
        : t('adjustments.rejectHint'),
      okText: t(approve ? 'adjustments.approve' : 'adjustments.reject'),
      danger: !approve,
      run: () => (approve ? adjustmentsApi.approve(item.id) : adjustmentsApi.reject(item.id)),
      done: () => message.success(t(approve ? 'adjustments.approved' : 'adjustments.rejected', values)),
      settled: () => {
        void queryClient.invalidateQueries({ queryKey: ['queue', 'adjustments'] })
        void queryClient.invalidateQueries({ queryKey: ['dashboard'] })
        void queryClient.invalidateQueries({ queryKey: ['user', item.user_id] })
        void queryClient.invalidateQueries({ queryKey: ['user-ledger', item.user_id] })
        void queryClient.invalidateQueries({ queryKey: ['users'] })
      },
    })
  }

  const columns: ColumnsType<AdjustmentItem> = [
    { title: t('adjustments.id'), dataIndex: 'id', width: 70 },
    {
      title: t('adjustments.user'),
      dataIndex: 'uid',
      render: (uid: string, item) => (
        <Link to={`/users?q=${encodeURIComponent(uid)}&user=${item.user_id}`}>{uid}</Link>
      ),
    },
    {
      title: t('adjustments.amount'),
      dataIndex: 'amount',
      align: 'right',
      render: (value: string) => <SignedUsd value={value} testId="adjustment-amount" />,
    },
    {
      title: t('adjustments.memo'),
      dataIndex: 'memo',
      render: (memo: string) => (
        <Typography.Text style={{ maxWidth: 200 }} ellipsis={{ tooltip: memo }}>
          {memo}
        </Typography.Text>
      ),
    },
    {
      title: t('common.status'),
      dataIndex: 'status',
      render: (status: AdjustmentStatusValue) => (
        <Tag color={STATUS_COLOURS[status]} data-testid="adjustment-status">
          {t(`adjustments.status.${status}`)}
        </Tag>
      ),
    },
    {
      title: t('adjustments.requestedBy'),
      dataIndex: 'requested_by',
      render: (email: string, item) => (
        <Space orientation="vertical" size={0}>
          <Who email={email} />
          <UtcTime value={item.created_at} />
        </Space>
      ),
    },
  ]
  if (status !== AdjustmentStatus.Waiting)
    columns.push({
      title: t('adjustments.decidedBy'),
      key: 'decided',
      render: (_, item) =>
        item.status === AdjustmentStatus.Waiting ? (
          '—'
        ) : (
          <Space orientation="vertical" size={0}>
            {item.decided_by ? (
              <Who email={item.decided_by} />
            ) : (
              <Typography.Text type="secondary">{t('adjustments.direct')}</Typography.Text>
            )}
            <UtcTime value={item.decided_at} />
          </Space>
        ),
    })
  if (
    status !== AdjustmentStatus.Applied &&
    status !== AdjustmentStatus.Rejected &&
    can('adjustments.approve')
  )
    columns.push({
      title: t('adjustments.decision'),
      key: 'decision',
      fixed: 'right',
      render: (_, item) => {
        if (item.status !== AdjustmentStatus.Waiting) return null
        const own = item.requested_by === me
        const buttons = (
          <Space>
            <Button
              type="primary"
              size="small"
              disabled={own}
              onClick={() => decide(item, true)}
              data-testid="adjustment-approve"
            >
              {t('adjustments.approve')}
            </Button>
            <Button
              danger
              size="small"
              disabled={own}
              onClick={() => decide(item, false)}
              data-testid="adjustment-reject"
            >
              {t('adjustments.reject')}
            </Button>
          </Space>
        )
        // A disabled button takes no hover: the tooltip sits on its wrapper.
        return own ? (
          <Tooltip title={t('adjustments.own')}>
            <span data-testid="adjustment-own">{buttons}</span>
          </Tooltip>
        ) : (
          buttons
        )
      },
    })
  return columns
}
