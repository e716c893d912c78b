import { useState } from 'react'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Input, Space, Table, Typography } from 'antd'

import type { ColumnsType } from 'antd/es/table'
import type { AdminUserItem } from '@tp/contracts/light'
import { useT } from '../../../common/i18n/i18n.tsx'
import { UtcTime } from '../../../common/components/utc-time.tsx'
import { Usd } from '../../../common/queue/detail-parts.tsx'
import { usersApi } from '../api/users-api.ts'
import { UserDrawer } from './user-drawer.tsx'
import { DemoTag, DisabledTag, IdentityTag } from '../../../common/components/user-tags.tsx'
import { pagingOf, useUrlParams } from '../../../common/lib/use-url-params.ts'
import { ListCard } from '../../../common/components/list-card.tsx'

/** Users: search (uid, e-mail, mobile, nickname), a server-paged table, the profile in a drawer. */
export function UsersPage() {
  const t = useT()
  const [params, update] = useUrlParams()
  const q = params.get('q') ?? ''
  const { page, limit, pagination } = pagingOf(params, update)
  const open = Number(params.get('user')) || null
  const [search, setSearch] = useState(q)

  const query = { q: q || undefined, page, limit }
  const list = useQuery({
    queryKey: ['users', query],
    queryFn: ({ signal }) => usersApi.search(query, signal),
    placeholderData: keepPreviousData,
  })

  const columns: ColumnsType<AdminUserItem> = [
    { title: t('users.uid'), dataIndex: 'uid', width: 120, render: (uid: string) => <b>{uid}</b> },
    {
      title: t('users.contact'),
      key: 'contact',
      render: (_, user) => (
        <Space orientation="vertical" size={0}>
          {user.email && <span data-testid="user-email">{user.email}</span>}
          {user.mobile && <Typography.Text type="secondary">{user.mobile}</Typography.Text>}
          {!user.email && !user.mobile && '—'}
        </Space>
      ),
    },
    { title: t('users.nickname'), dataIndex: 'nickname', render: (value: string | null) => value || '—' },
    {
      title: t('users.balance'),
      dataIndex: 'balance',
      align: 'right',
      render: (value: string, user) => (
        <Space size={4}>
          <DemoTag demo={user.is_demo} />
          <span data-testid="user-balance">
            <Usd value={value} />
          </span>
        </Space>
      ),
    },
    {
      title: t('users.identity'),
      dataIndex: 'identity_status',
      render: (_, user) => <IdentityTag status={user.identity_status} />,
    },
    {
      title: t('users.state'),
      dataIndex: 'disabled',
      render: (_, user) => <DisabledTag disabled={user.disabled} showActive />,
    },
    {
      title: t('users.created'),
      dataIndex: 'created_at',
      width: 200,
      render: (value: string) => <UtcTime value={value} />,
    },
  ]

  return (
    <ListCard
      testId={'users-page'}
      title={t('users.title')}
      total={list.data?.total}
      fetching={list.isFetching}
      error={list.error}
      onReload={() => void list.refetch()}
    >
      <Input.Search
        allowClear
        enterButton={t('common.search')}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        onSearch={(value) => update({ q: value.trim(), page: undefined })}
        placeholder={t('users.search')}
        style={{ width: 420, marginBottom: 16 }}
        maxLength={100}
        data-testid="users-search"
      />
      <Table<AdminUserItem>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.data?.data ?? []}
        loading={list.isLoading}
        locale={{ emptyText: t('common.empty') }}
        onRow={(record) => ({
          onClick: () => update({ user: record.id }),
          style: { cursor: 'pointer' },
          'data-testid': 'user-row',
        })}
        rowClassName={(record) => (record.id === open ? 'ant-table-row-selected' : '')}
        pagination={pagination(list.data?.total)}
      />
      <UserDrawer userId={open} onClose={() => update({ user: undefined })} />
    </ListCard>
  )
}
