import { useEffect, useRef } from 'react'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Segmented, Table, Typography } from 'antd'

import { AdjustmentStatus, type AdjustmentItem, type AdjustmentStatusValue } from '@tp/contracts/light'
import { useT } from '../../../common/i18n/i18n.tsx'
import { dashboardApi } from '../../../common/api/dashboard-api.ts'
import { adjustmentsApi } from '../api/adjustments-api.ts'
import { useAdjustmentColumns } from './adjustment-columns.tsx'
import { pagingOf, useUrlParams } from '../../../common/lib/use-url-params.ts'
import { ListCard } from '../../../common/components/list-card.tsx'

const ALL = 'all'
/** Waiting adjustments are looked for this often (the dashboard's count is read as often). */
const REFRESH_MS = 15_000
const STATUSES = [AdjustmentStatus.Waiting, AdjustmentStatus.Applied, AdjustmentStatus.Rejected] as const

/** Manual balance adjustments by status (waiting first); admins approve or reject others' requests. */
export function AdjustmentsPage() {
  const t = useT()
  const [params, update] = useUrlParams()
  const status = params.get('status') ?? String(AdjustmentStatus.Waiting)
  const { page, limit, pagination } = pagingOf(params, update)
  const query = { status: status === ALL ? undefined : Number(status), page, limit }
  const list = useQuery({
    queryKey: ['queue', 'adjustments', query],
    queryFn: ({ signal }) => adjustmentsApi.list(query, signal),
    refetchInterval: REFRESH_MS,
    placeholderData: keepPreviousData,
  })
  // The frame reads the dashboard's counts (every 15 s and on live events): a new or decided
  // adjustment elsewhere changes the waiting count, and the list is read again at once.
  const counts = useQuery({ queryKey: ['dashboard'], queryFn: ({ signal }) => dashboardApi.counts(signal) })
  const waiting = counts.data?.adjustments_waiting
  const seen = useRef(waiting)
  const { refetch } = list
  useEffect(() => {
    if (waiting === undefined || seen.current === waiting) return
    const first = seen.current === undefined
    seen.current = waiting
    if (!first) void refetch()
  }, [waiting, refetch])
  const columns = useAdjustmentColumns(query.status as AdjustmentStatusValue | undefined)

  return (
    <ListCard
      testId={'adjustments-page'}
      title={t('adjustments.title')}
      total={list.data?.total}
      fetching={list.isFetching}
      error={list.error}
      onReload={() => void list.refetch()}
    >
      <Typography.Paragraph type="secondary">{t('adjustments.hint')}</Typography.Paragraph>
      <Segmented
        value={status}
        onChange={(value) =>
          update({ status: value === String(AdjustmentStatus.Waiting) ? undefined : value, page: undefined })
        }
        options={[
          ...STATUSES.map((code) => ({ value: String(code), label: t(`adjustments.status.${code}`) })),
          { value: ALL, label: t('common.all') },
        ]}
        style={{ marginBottom: 16 }}
        data-testid="adjustments-status"
      />
      <Table<AdjustmentItem>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.data?.data ?? []}
        loading={list.isLoading}
        scroll={{ x: 'max-content' }}
        locale={{
          emptyText:
            status === String(AdjustmentStatus.Waiting) ? t('common.noneWaiting') : t('common.empty'),
        }}
        onRow={(record) =>
          ({ 'data-testid': `adjustment-row-${record.id}` }) as React.HTMLAttributes<HTMLElement>
        }
        pagination={pagination(list.data?.total)}
      />
    </ListCard>
  )
}
