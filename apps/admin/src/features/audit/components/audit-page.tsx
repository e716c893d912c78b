import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Table, Tag, Typography } from 'antd'

import type { ColumnsType } from 'antd/es/table'
import type { AuditItem } from '@tp/contracts/light'
import { UtcTime } from '../../../common/components/utc-time.tsx'
import { useT } from '../../../common/i18n/i18n.tsx'
import { auditApi } from '../api/audit-api.ts'
import { AuditDiff, ChangeSummary } from './audit-diff.tsx'
import { AuditFilters, type AuditFilterValues } from './audit-filters.tsx'
import { pagingOf, useUrlParams, type ParamChanges } from '../../../common/lib/use-url-params.ts'
import { ListCard } from '../../../common/components/list-card.tsx'

const FILTERS = ['staff_id', 'action', 'target', 'date_from', 'date_to'] as const

/** The audit log (admins): filters and paging kept in the URL; a row opens its before and after. */
export function AuditPage() {
  const t = useT()
  const [params, setParam] = useUrlParams()
  const { page, limit, pagination } = pagingOf(params, setParam)
  const filters = Object.fromEntries(
    FILTERS.map((name) => [name, params.get(name) ?? '']),
  ) as unknown as AuditFilterValues
  const query = {
    page,
    limit,
    staff_id: filters.staff_id ? Number(filters.staff_id) : undefined,
    action: filters.action || undefined,
    target: filters.target || undefined,
    date_from: filters.date_from || undefined,
    date_to: filters.date_to || undefined,
  }
  const list = useQuery({
    queryKey: ['audit', query],
    queryFn: ({ signal }) => auditApi.list(query, signal),
    placeholderData: keepPreviousData,
  })

  // A new filter starts at its first page.
  const update = (changes: ParamChanges) => setParam({ page: undefined, ...changes })

  const columns: ColumnsType<AuditItem> = [
    {
      title: t('audit.time'),
      dataIndex: 'created_at',
      width: 200,
      render: (value: string) => <UtcTime value={value} />,
    },
    {
      title: t('audit.staff'),
      dataIndex: 'staff_email',
      width: 210,
      render: (email: string, item) => (
        <div style={{ wordBreak: 'break-all' }}>
          {email}
          {item.staff_id === null && (
            <Typography.Text type="secondary"> ({t('audit.deletedStaff')})</Typography.Text>
          )}
          <div>
            <Typography.Text type="secondary" style={{ fontSize: 12 }} title={t('audit.address')}>
              {item.address}
            </Typography.Text>
          </div>
        </div>
      ),
    },
    {
      title: t('audit.action'),
      dataIndex: 'action',
      width: 150,
      render: (action: string) => (
        <Tag data-testid="audit-action" style={{ fontFamily: 'monospace' }}>
          {action}
        </Tag>
      ),
    },
    {
      title: t('audit.target'),
      dataIndex: 'target',
      width: 150,
      render: (target: string) => (
        <Typography.Text data-testid="audit-target" style={{ wordBreak: 'break-all' }}>
          {target || '—'}
        </Typography.Text>
      ),
    },
    { title: t('audit.change'), key: 'change', render: (_: unknown, item) => <ChangeSummary item={item} /> },
  ]

  return (
    <ListCard
      testId="audit-page"
      title={t('audit.title')}
      total={list.data?.total}
      fetching={list.isFetching}
      error={list.error}
      onReload={() => void list.refetch()}
    >
      <Typography.Paragraph type="secondary">{t('audit.intro')}</Typography.Paragraph>
      <AuditFilters
        values={filters}
        onChange={update}
        onClear={() => update(Object.fromEntries(FILTERS.map((name) => [name, undefined])))}
      />
      <Table<AuditItem>
        data-testid="audit-table"
        rowKey="id"
        size="middle"
        tableLayout="fixed"
        columns={columns}
        dataSource={list.data?.data ?? []}
        loading={list.isPending}
        locale={{ emptyText: t('common.empty') }}
        expandable={{ expandedRowRender: (item) => <AuditDiff item={item} />, expandRowByClick: true }}
        pagination={pagination(list.data?.total)}
      />
    </ListCard>
  )
}
