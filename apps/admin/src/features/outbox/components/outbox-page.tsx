import { useState } from 'react'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Input, Table, Tag, Typography } from 'antd'
import { MailOutlined, MessageOutlined } from '@ant-design/icons'
import type { ColumnsType } from 'antd/es/table'
import type { OutboxItem } from '@tp/contracts/light'
import { UtcTime } from '../../../common/components/utc-time.tsx'
import { useT } from '../../../common/i18n/i18n.tsx'
import { outboxApi } from '../api/outbox-api.ts'
import { MessageText } from './message-text.tsx'
import { pagingOf, useUrlParams, type ParamChanges } from '../../../common/lib/use-url-params.ts'
import { ListCard } from '../../../common/components/list-card.tsx'

const STATUS_COLOURS: Record<string, string> = {
  stored: 'gold',
  pending: 'blue',
  sent: 'green',
  failed: 'red',
}

/** The outbox, newest first: search by recipient, paged on the server (kept in the URL). */
export function OutboxPage() {
  const t = useT()
  const [params, setParam] = useUrlParams()
  const q = params.get('q') ?? ''
  const { page, limit, pagination } = pagingOf(params, setParam)
  const [search, setSearch] = useState(q)
  const query = { page, limit, q: q || undefined }
  const list = useQuery({
    queryKey: ['outbox', query],
    queryFn: ({ signal }) => outboxApi.list(query, signal),
    placeholderData: keepPreviousData,
    // Every read is audited (the messages hold sign-in codes): read when staff ask, not on focus.
    refetchOnWindowFocus: false,
  })

  // The first page is the one without a page in the URL.
  const update = (changes: ParamChanges) =>
    setParam(Object.fromEntries(Object.entries(changes).map(([k, v]) => [k, v === 1 ? undefined : v])))

  const columns: ColumnsType<OutboxItem> = [
    {
      title: t('outbox.time'),
      dataIndex: 'created_at',
      width: 190,
      render: (value: string) => <UtcTime value={value} />,
    },
    {
      title: t('outbox.channel'),
      dataIndex: 'channel',
      width: 100,
      render: (channel: OutboxItem['channel']) => (
        <Tag icon={channel === 'sms' ? <MessageOutlined /> : <MailOutlined />}>
          {t(channel === 'sms' ? 'outbox.channel.sms' : 'outbox.channel.email')}
        </Tag>
      ),
    },
    {
      title: t('outbox.to'),
      dataIndex: 'destination',
      width: 240,
      render: (value: string) => (
        <Typography.Text data-testid="outbox-to" style={{ wordBreak: 'break-all' }}>
          {value}
        </Typography.Text>
      ),
    },
    {
      title: t('outbox.message'),
      key: 'message',
      render: (_: unknown, item) => <MessageText item={item} />,
    },
    {
      title: t('outbox.status'),
      dataIndex: 'status',
      width: 130,
      render: (status: string, item) => (
        <Tag color={STATUS_COLOURS[status]} title={item.error ?? undefined}>
          {status in STATUS_COLOURS ? t(`outbox.status.${status as 'stored'}`) : status}
        </Tag>
      ),
    },
  ]

  return (
    <ListCard
      testId="outbox-page"
      title={t('outbox.title')}
      total={list.data?.total}
      fetching={list.isFetching}
      error={list.error}
      onReload={() => void list.refetch()}
    >
      <Typography.Paragraph type="secondary">{t('outbox.intro')}</Typography.Paragraph>
      <Input.Search
        data-testid="outbox-search"
        placeholder={t('outbox.search')}
        value={search}
        allowClear
        enterButton={t('common.search')}
        onChange={(event) => setSearch(event.target.value)}
        onSearch={(value) => update({ q: value.trim(), page: undefined })}
        style={{ maxWidth: 480, marginBottom: 16 }}
      />
      <Table<OutboxItem>
        data-testid="outbox-table"
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.data?.data ?? []}
        loading={list.isPending}
        locale={{ emptyText: t('common.empty') }}
        pagination={pagination(list.data?.total)}
      />
    </ListCard>
  )
}
