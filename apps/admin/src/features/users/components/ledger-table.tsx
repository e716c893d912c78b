import { useState } from 'react'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Alert, Button, Table, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { LedgerType, type AdminLedgerRow } from '@tp/contracts/light'
import { useT } from '../../../common/i18n/i18n.tsx'
import { UtcTime } from '../../../common/components/utc-time.tsx'
import { Usd } from '../../../common/queue/detail-parts.tsx'
import { usersApi } from '../api/users-api.ts'
import { SignedUsd } from '../../../common/components/user-tags.tsx'

const PAGE_SIZE = 10

/** The user's ledger, newest first, server-paged; a manual adjustment shows its memo. */
export function LedgerTable({ userId }: { userId: number }) {
  const t = useT()
  const [page, setPage] = useState(1)
  const [limit, setLimit] = useState(PAGE_SIZE)
  const ledger = useQuery({
    queryKey: ['user-ledger', userId, { page, limit }],
    queryFn: ({ signal }) => usersApi.ledger(userId, { page, limit }, signal),
    placeholderData: keepPreviousData,
  })

  const columns: ColumnsType<AdminLedgerRow> = [
    {
      title: t('users.ledger.time'),
      dataIndex: 'created_at',
      width: 190,
      render: (value: string) => <UtcTime value={value} />,
    },
    {
      title: t('users.ledger.type'),
      dataIndex: 'type',
      render: (type: AdminLedgerRow['type']) => (
        <span data-testid="ledger-type">{t(`users.ledgerType.${type}`)}</span>
      ),
    },
    {
      title: t('users.ledger.amount'),
      dataIndex: 'amount',
      align: 'right',
      render: (value: string) => <SignedUsd value={value} testId="ledger-amount" />,
    },
    {
      title: t('users.ledger.frozen'),
      dataIndex: 'frozen_amount',
      align: 'right',
      render: (value: string) => (Number(value) === 0 ? '—' : <SignedUsd value={value} />),
    },
    {
      title: t('users.ledger.balanceAfter'),
      dataIndex: 'balance_after',
      align: 'right',
      render: (value: string) => <Usd value={value} />,
    },
    {
      title: t('users.ledger.memo'),
      key: 'memo',
      render: (_, row) =>
        row.type === LedgerType.STAFF_ADJUSTMENT || row.memo ? (
          <span data-testid="ledger-memo">{row.memo}</span>
        ) : (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {row.ref}
          </Typography.Text>
        ),
    },
  ]

  return (
    <>
      {ledger.error && (
        <Alert
          type="error"
          showIcon
          title={ledger.error.message}
          action={<Button onClick={() => void ledger.refetch()}>{t('common.retry')}</Button>}
          style={{ marginBottom: 16 }}
        />
      )}
      <Table<AdminLedgerRow>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={ledger.data?.data ?? []}
        loading={ledger.isLoading}
        locale={{ emptyText: t('common.empty') }}
        onRow={() => ({ 'data-testid': 'ledger-row' }) as React.HTMLAttributes<HTMLElement>}
        pagination={{
          current: page,
          pageSize: limit,
          total: ledger.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50, 100],
          showTotal: (total) => t('common.total', { total }),
          onChange: (nextPage, nextSize) => {
            setPage(nextSize === limit ? nextPage : 1)
            setLimit(nextSize)
          },
        }}
      />
    </>
  )
}
