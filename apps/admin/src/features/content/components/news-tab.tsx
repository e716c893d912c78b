import { lazy, Suspense, useState } from 'react'
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import { Alert, App, Button, Drawer, Segmented, Space, Table, Tag, Tooltip, Typography } from 'antd'
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons'
import type { ColumnsType } from 'antd/es/table'
import type { StaffNewsItem } from '@tp/contracts/light'
import { useI18n } from '../../../common/i18n/i18n.tsx'
import { UtcTime } from '../../../common/components/utc-time.tsx'
import { contentApi, contentKeys } from '../api/content-api.ts'
import { articleLanguages, languageName, listedText } from '../lib/article-texts.ts'
import { NEWS_KINDS, newsKindOf } from '../lib/news-kind.ts'

/** The editor carries tiptap and DOMPurify: loaded when an article is first opened. */
const NewsEditorDrawer = lazy(() => import('./news-editor-drawer.tsx'))

const PAGE_SIZE = 20

/** Every article, drafts too, newest first; opens the editor; deletes behind a confirmation. */
export function NewsTab() {
  const { t, language } = useI18n()
  const { message, modal } = App.useApp()
  const queryClient = useQueryClient()
  const [page, setPage] = useState(1)
  /** 0: every kind; else the category listed. */
  const [kind, setKind] = useState(0)
  const [editing, setEditing] = useState<StaffNewsItem | 'new' | null>(null)
  const list = useQuery({
    queryKey: [...contentKeys.news, page, kind],
    queryFn: ({ signal }) => contentApi.news(page, PAGE_SIZE, signal, kind || undefined),
    placeholderData: keepPreviousData,
  })
  const reload = () => queryClient.invalidateQueries({ queryKey: contentKeys.news })

  const confirmDelete = (item: StaffNewsItem) =>
    modal.confirm({
      title: t('content.news.deleteTitle'),
      content: listedText(item.texts, language)?.title,
      okText: t('content.delete'),
      okButtonProps: { danger: true, 'data-testid': 'confirm-ok' },
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await contentApi.deleteNews(item.id)
          message.success(t('content.news.deleted'))
        } catch (error) {
          message.error((error as Error).message)
        }
        await reload()
      },
    })

  const columns: ColumnsType<StaffNewsItem> = [
    {
      title: t('content.news.articleTitle'),
      key: 'title',
      render: (_, item) => (
        <Typography.Text strong ellipsis style={{ maxWidth: 420 }}>
          {listedText(item.texts, language)?.title}
        </Typography.Text>
      ),
    },
    {
      title: t('content.news.kind'),
      dataIndex: 'category_id',
      width: 130,
      render: (category: number) => {
        const known = newsKindOf(category)
        return (
          <Tag color={known?.color} data-testid="news-kind-tag">
            {known ? t(known.label) : t('content.news.kindOther', { id: category })}
          </Tag>
        )
      },
    },
    {
      title: t('content.news.languages'),
      key: 'languages',
      width: 260,
      render: (_, item) => (
        <Space size={[4, 4]} wrap>
          {articleLanguages(item.texts).map((code) => (
            <Tooltip key={code} title={languageName(code)}>
              <Tag>{code}</Tag>
            </Tooltip>
          ))}
        </Space>
      ),
    },
    {
      title: t('common.status'),
      dataIndex: 'published',
      width: 110,
      render: (published: boolean) =>
        published ? (
          <Tag color="green">{t('content.news.published')}</Tag>
        ) : (
          <Tag>{t('content.news.draft')}</Tag>
        ),
    },
    {
      title: t('content.news.created'),
      key: 'time',
      width: 210,
      render: (_, item) => (
        <Space orientation="vertical" size={0}>
          <UtcTime value={item.created_at} />
          {item.updated_at !== item.created_at && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('content.news.updated')} <UtcTime value={item.updated_at} />
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      key: 'actions',
      width: 110,
      render: (_, item) => (
        <Space>
          <Button
            size="small"
            icon={<EditOutlined />}
            aria-label={t('content.edit')}
            data-testid="news-edit"
            onClick={() => setEditing(item)}
          />
          <Button
            size="small"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('content.delete')}
            data-testid="news-delete"
            onClick={() => confirmDelete(item)}
          />
        </Space>
      ),
    },
  ]

  return (
    <div data-testid="news-tab">
      <Space style={{ marginBottom: 12 }}>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          data-testid="news-new"
          onClick={() => setEditing('new')}
        >
          {t('content.news.new')}
        </Button>
        <Segmented<number>
          data-testid="news-kind-filter"
          value={kind}
          onChange={(value) => {
            setKind(value)
            setPage(1)
          }}
          options={[
            { value: 0, label: t('content.news.kindAll') },
            ...NEWS_KINDS.map((k) => ({
              value: k.category,
              label: <span data-testid={`news-filter-${k.category}`}>{t(k.label)}</span>,
            })),
          ]}
        />
      </Space>
      {list.error && (
        <Alert type="error" showIcon message={list.error.message} style={{ marginBottom: 12 }} />
      )}
      <Table<StaffNewsItem>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.data?.data}
        loading={list.isFetching}
        onRow={(item) => ({ onDoubleClick: () => setEditing(item), 'data-testid': 'news-row' })}
        locale={{ emptyText: t('common.empty') }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: list.data?.total ?? 0,
          showSizeChanger: false,
          showTotal: (total) => t('common.total', { total }),
          onChange: setPage,
        }}
      />
      {editing && (
        <Suspense fallback={<Drawer open loading size={1040} />}>
          <NewsEditorDrawer
            article={editing === 'new' ? undefined : editing}
            onClose={() => setEditing(null)}
            onChanged={reload}
          />
        </Suspense>
      )}
    </div>
  )
}
