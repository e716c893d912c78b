import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Alert, App, Button, Segmented, Space, Table, Tag, Typography } from 'antd'
import type { ApprovalItem, ApprovalStatus } from '@tp/contracts/light'
import { ListCard } from '../../../common/components/list-card.tsx'
import { useConfirm } from '../../../common/components/use-confirm.tsx'
import { useT } from '../../../common/i18n/i18n.tsx'
import type { MessageKey } from '../../../common/i18n/en.ts'
import { useUrlParams } from '../../../common/lib/use-url-params.ts'
import { useSession } from '../../../common/session/session-store.ts'
import { APPROVALS_QUERY_KEY, approvalsApi } from '../api/approvals-api.ts'

const STATUSES: ApprovalStatus[] = ['waiting', 'approved', 'rejected', 'cancelled']
const REFRESH_MS = 15_000
const COLOURS: Record<ApprovalStatus, string> = {
  waiting: 'gold',
  approved: 'green',
  rejected: 'red',
  cancelled: 'default',
}

/** A value as staff read it: text as it is, lists joined, the rest as JSON. */
function shown(value: unknown): string {
  if (value === undefined) return '—'
  if (value === null) return '∅'
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return String(value)
  if (Array.isArray(value) && value.every((v) => typeof v !== 'object')) return value.join(', ')
  return JSON.stringify(value)
}

/** Fields that name a request's target, not a change (a group markup's group is its target). */
const targetFields = (item: ApprovalItem): string[] =>
  item.kind === 'group_markup' ? ['code', 'client_group'] : ['email', 'code', 'account']

/** Each field the request changes, before → after. */
function Changes({ item }: { item: ApprovalItem }) {
  const keys = Object.keys(item.after).filter((key) => !targetFields(item).includes(key))
  return (
    <Space direction="vertical" size={0}>
      {keys.map((key) => (
        <Typography.Text key={key} data-testid={`approval-change-${key}`}>
          <Typography.Text type="secondary">{key}: </Typography.Text>
          {item.kind !== 'staff.create' && (
            <>
              <Typography.Text delete>{shown(item.before[key])}</Typography.Text>
              {' → '}
            </>
          )}
          <Typography.Text strong>{shown(item.after[key])}</Typography.Text>
        </Typography.Text>
      ))}
    </Space>
  )
}

/** What a request is about, e.g. "Setting withdraw_max_usd", "Role of a@b.example", "Group markup EURUSD / vip". */
function targetText(item: ApprovalItem): string {
  if (item.kind === 'setting') return item.target.replace(/^setting:/, '')
  if (item.kind === 'instrument') return shown(item.after.code ?? item.target)
  if (item.kind === 'group_markup') return `${shown(item.after.code)} / ${shown(item.after.client_group)}`
  if (item.kind === 'client_group') return shown(item.after.account ?? item.target)
  return shown(item.after.email ?? item.target)
}

/**
 * Issue 22: what waits for a second administrator (decision 028), with what it changes, who asked
 * and when; approve or reject another's, withdraw one's own.
 */
export function ApprovalsPage() {
  const t = useT()
  const { modal, message } = App.useApp()
  const confirm = useConfirm()
  const queryClient = useQueryClient()
  const me = useSession()?.staff.id
  const [params, update] = useUrlParams()
  const status = (params.get('status') ?? 'waiting') as ApprovalStatus
  const list = useQuery({
    queryKey: [...APPROVALS_QUERY_KEY, status],
    queryFn: ({ signal }) => approvalsApi.list(status, signal),
    refetchInterval: REFRESH_MS,
  })
  const staff = useQuery({
    queryKey: ['staff'],
    queryFn: ({ signal }) =>
      import('../../../common/api/staff-api.ts').then(({ staffApi }) => staffApi.list(signal)),
  })
  const activeAdmins = (staff.data ?? []).filter((s) => s.role === 'admin' && !s.disabled).length
  const reload = () => void queryClient.invalidateQueries({ queryKey: APPROVALS_QUERY_KEY })

  /** An approved new member: their one-time password went to their own address, not to us. */
  function showPasswordSent(item: ApprovalItem) {
    if (!item.password_sent_to) return
    modal.info({
      width: 480,
      content: (
        <Typography.Paragraph data-testid="password-sent">
          {t('approvals.passwordSent', { email: item.password_sent_to })}
        </Typography.Paragraph>
      ),
    })
  }

  const decide = (item: ApprovalItem, verb: 'approve' | 'reject' | 'cancel') => {
    const titles = {
      approve: 'approvals.approveTitle',
      reject: 'approvals.rejectTitle',
      cancel: 'approvals.cancelTitle',
    } as const satisfies Record<string, MessageKey>
    const done = {
      approve: 'approvals.approved',
      reject: 'approvals.rejected',
      cancel: 'approvals.cancelled',
    } as const
    confirm({
      title: t(titles[verb]),
      content: verb === 'approve' ? t('approvals.approveHint', { who: item.requested_by }) : undefined,
      okText: t(`approvals.${verb}`),
      danger: verb !== 'approve',
      run: () => approvalsApi[verb](item.id),
      done: (decided) => {
        showPasswordSent(decided)
        // What was approved shows elsewhere: settings, the catalogue and staff are read again.
        for (const key of ['settings', 'catalogue', 'staff', 'dashboard'])
          void queryClient.invalidateQueries({ queryKey: [key] })
        message.success(t(done[verb]))
      },
      settled: reload,
    })
  }

  return (
    <ListCard
      testId="approvals-page"
      title={t('approvals.title')}
      total={list.data?.length}
      fetching={list.isFetching}
      error={list.error}
      onReload={() => void list.refetch()}
    >
      <Typography.Paragraph type="secondary">{t('approvals.intro')}</Typography.Paragraph>
      {staff.data && activeAdmins < 2 && (
        <Alert type="warning" showIcon title={t('approvals.single')} style={{ marginBottom: 16 }} />
      )}
      <Segmented
        value={status}
        onChange={(value) => update({ status: value === 'waiting' ? undefined : String(value) })}
        options={STATUSES.map((value) => ({ value, label: t(`approvals.status.${value}`) }))}
        style={{ marginBottom: 16 }}
        data-testid="approvals-status"
      />
      <Table<ApprovalItem>
        rowKey="id"
        size="middle"
        dataSource={list.data ?? []}
        loading={list.isLoading}
        scroll={{ x: 'max-content' }}
        pagination={false}
        locale={{ emptyText: status === 'waiting' ? t('common.noneWaiting') : t('common.empty') }}
        onRow={(record) =>
          ({ 'data-testid': `approval-row-${record.id}` }) as React.HTMLAttributes<HTMLElement>
        }
        columns={[
          { title: '#', dataIndex: 'id', width: 60 },
          {
            title: t('approvals.what'),
            key: 'what',
            render: (_, item) => (
              <Space direction="vertical" size={0}>
                <Typography.Text strong>
                  {t(`approvals.kind.${item.kind}`, { target: targetText(item) })}
                </Typography.Text>
                <Tag color={COLOURS[item.status]}>{t(`approvals.status.${item.status}`)}</Tag>
              </Space>
            ),
          },
          { title: t('approvals.change'), key: 'change', render: (_, item) => <Changes item={item} /> },
          { title: t('approvals.requestedBy'), dataIndex: 'requested_by' },
          { title: t('approvals.requestedAt'), dataIndex: 'requested_at' },
          ...(status === 'waiting'
            ? [
                {
                  title: t('approvals.actions'),
                  key: 'actions',
                  render: (_: unknown, item: ApprovalItem) =>
                    item.requested_by_id === me ? (
                      <Space direction="vertical" size={4}>
                        <Typography.Text type="secondary">{t('approvals.own')}</Typography.Text>
                        <Button
                          size="small"
                          onClick={() => decide(item, 'cancel')}
                          data-testid="approval-cancel"
                        >
                          {t('approvals.cancel')}
                        </Button>
                      </Space>
                    ) : (
                      <Space size={4} direction="vertical">
                        <Button
                          size="small"
                          type="primary"
                          onClick={() => decide(item, 'approve')}
                          data-testid="approval-approve"
                        >
                          {t('approvals.approve')}
                        </Button>
                        <Button
                          size="small"
                          danger
                          onClick={() => decide(item, 'reject')}
                          data-testid="approval-reject"
                        >
                          {t('approvals.reject')}
                        </Button>
                      </Space>
                    ),
                },
              ]
            : [{ title: t('approvals.decidedBy'), dataIndex: 'decided_by' }]),
        ]}
      />
    </ListCard>
  )
}
