import { useEffect, useRef } from 'react'
import { Link } from 'react-router'
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query'
import { Alert, Button, Space, Tag, Typography } from 'antd'
import { StopOutlined, UserOutlined } from '@ant-design/icons'
import { ChatSender, type ConversationSummary } from '@tp/contracts/light'
import { useT } from '../../../common/i18n/i18n.tsx'
import { utcText } from '../../../common/lib/format.ts'
import { chatApi, chatKeys } from '../api/chat-api.ts'
import { useCloseConversation } from './use-close-conversation.tsx'
import { MessageList } from './message-list.tsx'
import { ReplyBox } from './reply-box.tsx'

/**
 * The right pane: who the user is, the conversation (read marks sent as it is seen, and again when a
 * new message of the user arrives while it is open), the reply box, closing behind a confirmation.
 */
export function ConversationView({
  userId,
  summary,
  onClosed,
}: {
  userId: number
  summary: ConversationSummary | undefined
  /** The server closed it: the header says so even when the list's filter leaves it out. */
  onClosed: () => void
}) {
  const t = useT()
  const queryClient = useQueryClient()
  const close = useCloseConversation()
  const messages = useInfiniteQuery({
    queryKey: chatKeys.messages(userId),
    queryFn: ({ pageParam, signal }) => chatApi.messages(userId, pageParam, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.has_more ? last.data[0]?.id : undefined),
  })
  const all = (messages.data?.pages ?? []).toReversed().flatMap((page) => page.data)

  // Read: every user message so far, once they are on screen; and each newer one as it comes.
  const newestFromUser = all.findLast((m) => m.sender === ChatSender.User)?.id ?? 0
  const marked = useRef(0)
  useEffect(() => {
    if (newestFromUser <= marked.current) return
    marked.current = newestFromUser
    chatApi
      .read(userId)
      .then(() => {
        void queryClient.invalidateQueries({ queryKey: chatKeys.lists })
        void queryClient.invalidateQueries({ queryKey: ['dashboard'] })
      })
      .catch(() => {
        // Not marked this time: the badge stays and the next message tries again.
        marked.current = 0
      })
  }, [newestFromUser, userId, queryClient])

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: chatKeys.all })
  }
  const closed = summary?.status === 2
  const userLabel = summary?.uid ?? t('chat.user')

  return (
    <div
      data-testid="chat-conversation-view"
      style={{
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        background: '#fff',
        border: '1px solid #f0f0f0',
        borderRadius: 8,
      }}
    >
      <div
        style={{
          display: 'flex',
          alignItems: 'center',
          gap: 12,
          padding: '10px 16px',
          borderBottom: '1px solid #f0f0f0',
        }}
      >
        <div style={{ flex: 1, minWidth: 0 }}>
          <Space size={8}>
            <Typography.Text strong style={{ fontSize: 16 }} data-testid="chat-view-uid">
              {summary?.uid ?? `#${userId}`}
            </Typography.Text>
            {summary?.is_demo && <Tag>{t('chat.demo')}</Tag>}
            {summary && (
              <Tag color={closed ? 'default' : 'green'} data-testid="chat-view-status">
                {closed ? t('chat.statusClosed') : t('chat.statusOpen')}
              </Tag>
            )}
          </Space>
          {summary?.email && (
            <Typography.Text type="secondary" ellipsis style={{ display: 'block' }}>
              {summary.email}
            </Typography.Text>
          )}
        </div>
        <Link to={`/users?user=${userId}`}>
          <Button icon={<UserOutlined />}>{t('chat.openProfile')}</Button>
        </Link>
        <Button
          danger
          icon={<StopOutlined />}
          disabled={closed}
          onClick={() => close(userId, summary?.uid ?? `#${userId}`, onClosed, refresh)}
          data-testid="chat-close"
        >
          {t('chat.close')}
        </Button>
      </div>
      {closed && (
        <Alert
          type="info"
          showIcon
          banner
          title={
            summary.closed_at
              ? t('chat.closedNotice', { time: `${utcText(summary.closed_at)} UTC` })
              : t('chat.closedNoticeNoTime')
          }
          data-testid="chat-closed-notice"
        />
      )}
      <MessageList
        messages={all}
        userLabel={userLabel}
        loading={messages.isPending}
        error={messages.error}
        hasOlder={messages.hasNextPage}
        loadingOlder={messages.isFetchingNextPage}
        onOlder={() => void messages.fetchNextPage()}
      />
      <ReplyBox userId={userId} onSent={refresh} />
    </div>
  )
}
