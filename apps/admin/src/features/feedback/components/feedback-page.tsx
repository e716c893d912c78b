import { useState } from 'react'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Button, Input, Select, Space, Table, Tag, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import {
  FEEDBACK_CATEGORIES,
  FEEDBACK_STATUSES,
  type AdminFeedbackItem,
  type FeedbackCategory,
  type FeedbackStatus,
} from '@tp/contracts/light'
import { ListCard } from '../../../common/components/list-card.tsx'
import { UtcTime } from '../../../common/components/utc-time.tsx'
import { useT } from '../../../common/i18n/i18n.tsx'
import { pagingOf, useUrlParams } from '../../../common/lib/use-url-params.ts'
import { feedbackApi } from '../api/feedback-api.ts'
import { FeedbackDrawer } from './feedback-drawer.tsx'
import { FeedbackCategoryTag, FeedbackStatusTag } from './feedback-tags.tsx'

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.find((v) => v === value)

/** Users' feedback, newest first: filters by status, topic and text (kept in the URL); a row opens it. */
export function FeedbackPage() {
  const t = useT()
  const [params, setParam] = useUrlParams()
  const status = oneOf<FeedbackStatus>(FEEDBACK_STATUSES, params.get('status'))
  const category = oneOf<FeedbackCategory>(FEEDBACK_CATEGORIES, params.get('category'))
  const q = params.get('q') ?? ''
  const { page, limit, pagination } = pagingOf(params, setParam)
  const [search, setSearch] = useState(q)
  const [openId, setOpenId] = useState<number | null>(null)
  const query = { page, limit, status, category, q: q || undefined }
  const list = useQuery({
    // Under ['queue', 'feedback']: the live event stream refreshes it when feedback arrives.
    queryKey: ['queue', 'feedback', query],
    queryFn: ({ signal }) => feedbackApi.list(query, signal),
    placeholderData: keepPreviousData,
  })
  const rows = list.data?.data ?? []
  const open = rows.find((row) => row.id === openId) ?? null

  const columns: ColumnsType<AdminFeedbackItem> = [
    {
      title: t('feedback.time'),
      dataIndex: 'created_at',
      width: 170,
      render: (value: string) => <UtcTime value={value} />,
    },
    {
      title: t('feedback.user'),
      key: 'user',
      width: 200,
      render: (_: unknown, item) => (
        <Space direction="vertical" size={0}>
          <Typography.Text>{item.uid}</Typography.Text>
          <Typography.Text type="secondary" style={{ wordBreak: 'break-all' }}>
            {item.login}
          </Typography.Text>
          {item.demo && <Tag color="blue">{t('feedback.demo')}</Tag>}
        </Space>
      ),
    },
    {
      title: t('feedback.category'),
      dataIndex: 'category',
      width: 140,
      render: (value: FeedbackCategory) => <FeedbackCategoryTag category={value} />,
    },
    {
      title: t('feedback.text'),
      dataIndex: 'text',
      render: (value: string) => (
        <Typography.Paragraph
          data-testid="feedback-row-text"
          dir="auto"
          ellipsis={{ rows: 2 }}
          style={{ marginBottom: 0, whiteSpace: 'pre-wrap' }}
        >
          {value}
        </Typography.Paragraph>
      ),
    },
    {
      title: t('feedback.status'),
      dataIndex: 'status',
      width: 100,
      render: (value: FeedbackStatus) => <FeedbackStatusTag status={value} />,
    },
    {
      key: 'open',
      width: 80,
      render: (_: unknown, item) => (
        <Button size="small" data-testid={`feedback-open-${item.id}`} onClick={() => setOpenId(item.id)}>
          {t('feedback.open')}
        </Button>
      ),
    },
  ]

  return (
    <ListCard
      testId="feedback-page"
      title={t('feedback.title')}
      total={list.data?.total}
      fetching={list.isFetching}
      error={list.error}
      onReload={() => void list.refetch()}
    >
      <Typography.Paragraph type="secondary">{t('feedback.intro')}</Typography.Paragraph>
      <Space wrap size="middle" style={{ marginBottom: 16 }}>
        <Select
          data-testid="feedback-filter-status"
          style={{ width: 180 }}
          allowClear
          placeholder={t('feedback.allStatuses')}
          value={status}
          onChange={(value?: FeedbackStatus) => setParam({ status: value, page: undefined })}
          options={FEEDBACK_STATUSES.map((value) => ({ value, label: t(`feedback.status.${value}`) }))}
        />
        <Select
          data-testid="feedback-filter-category"
          style={{ width: 220 }}
          allowClear
          placeholder={t('feedback.allCategories')}
          value={category}
          onChange={(value?: FeedbackCategory) => setParam({ category: value, page: undefined })}
          options={FEEDBACK_CATEGORIES.map((value) => ({ value, label: t(`feedback.category.${value}`) }))}
        />
        <Input.Search
          data-testid="feedback-search"
          placeholder={t('feedback.search')}
          value={search}
          allowClear
          enterButton={t('common.search')}
          onChange={(event) => setSearch(event.target.value)}
          onSearch={(value) => setParam({ q: value.trim(), page: undefined })}
          style={{ width: 360 }}
        />
      </Space>
      <Table<AdminFeedbackItem>
        data-testid="feedback-table"
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={rows}
        loading={list.isPending}
        locale={{ emptyText: t('common.empty') }}
        pagination={pagination(list.data?.total)}
        onRow={(item) => ({ onClick: () => setOpenId(item.id), style: { cursor: 'pointer' } })}
      />
      <FeedbackDrawer item={open} onClose={() => setOpenId(null)} onSaved={() => list.refetch()} />
    </ListCard>
  )
}
