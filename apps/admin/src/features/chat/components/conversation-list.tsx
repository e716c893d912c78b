import { Badge, Card, Empty, Pagination, Segmented, Spin, Tag, Typography, Alert } from 'antd'
import type { ConversationSummary } from '@tp/contracts/light'
import { useT } from '../../../common/i18n/i18n.tsx'
import { UtcTime } from '../../../common/components/utc-time.tsx'
import { CONVERSATION_PAGE_SIZE } from '../api/chat-api.ts'
import type { StatusFilter } from './chat-status.ts'

interface Props {
  status: StatusFilter
  onStatus: (status: StatusFilter) => void
  page: number
  onPage: (page: number) => void
  conversations: ConversationSummary[] | undefined
  total: number
  loading: boolean
  error: Error | null
  selected: number | null
  onSelect: (conversation: ConversationSummary) => void
}

/** The left pane: conversations, most recent first, with unread badges; a filter and paging. */
export function ConversationList(props: Props) {
  const t = useT()
  const { conversations, selected } = props
  return (
    <Card
      size="small"
      style={{ width: 380, flex: 'none', display: 'flex', flexDirection: 'column', minHeight: 0 }}
      styles={{ body: { padding: 0, flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' } }}
      title={
        <Segmented<StatusFilter>
          data-testid="chat-filter"
          value={props.status}
          onChange={props.onStatus}
          options={[
            { value: 'all', label: t('common.all') },
            { value: 'open', label: t('chat.filterOpen') },
            { value: 'closed', label: t('chat.filterClosed') },
          ]}
        />
      }
    >
      {props.error && <Alert type="error" showIcon title={props.error.message} style={{ margin: 8 }} />}
      <div style={{ flex: 1, overflowY: 'auto' }} data-testid="chat-conversations">
        {props.loading && !conversations ? (
          <Spin style={{ display: 'block', margin: '48px auto' }} />
        ) : conversations && conversations.length > 0 ? (
          conversations.map((c) => (
            <ConversationRow
              key={c.user_id}
              conversation={c}
              active={c.user_id === selected}
              onClick={() => props.onSelect(c)}
            />
          ))
        ) : (
          <Empty description={t('chat.noConversations')} style={{ margin: '48px 0' }} />
        )}
      </div>
      {props.total > CONVERSATION_PAGE_SIZE && (
        <Pagination
          size="small"
          simple
          current={props.page}
          pageSize={CONVERSATION_PAGE_SIZE}
          total={props.total}
          onChange={props.onPage}
          style={{ padding: 8, borderTop: '1px solid #f0f0f0', textAlign: 'center' }}
        />
      )}
    </Card>
  )
}

function ConversationRow(props: { conversation: ConversationSummary; active: boolean; onClick: () => void }) {
  const t = useT()
  const { conversation: c, active } = props
  const last = c.last_message
  const preview = last
    ? `${last.sender === 2 ? t('chat.staffPrefix') : ''}${last.text || t('chat.imageOnly')}`
    : ''
  return (
    <div
      role="button"
      tabIndex={0}
      data-testid="chat-conversation"
      data-user-id={c.user_id}
      aria-current={active}
      onClick={props.onClick}
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault()
          props.onClick()
        }
      }}
      style={{
        padding: '10px 12px',
        cursor: 'pointer',
        borderBottom: '1px solid #f0f0f0',
        borderLeft: `3px solid ${active ? '#1677ff' : 'transparent'}`,
        background: active ? '#e6f4ff' : c.unread > 0 ? '#fffbe6' : undefined,
      }}
    >
      <div style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
        <Typography.Text strong>{c.uid}</Typography.Text>
        {c.is_demo && <Tag style={{ marginInlineEnd: 0 }}>{t('chat.demo')}</Tag>}
        {c.status === 2 && (
          <Tag color="default" style={{ marginInlineEnd: 0 }} data-testid="chat-conversation-closed">
            {t('chat.statusClosed')}
          </Tag>
        )}
        <span style={{ flex: 1 }} />
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          <UtcTime value={last?.created_at ?? c.last_message_at} />
        </Typography.Text>
      </div>
      <div style={{ display: 'flex', alignItems: 'center', gap: 8, marginTop: 2 }}>
        <div style={{ flex: 1, minWidth: 0 }}>
          {c.email && (
            <Typography.Text type="secondary" ellipsis style={{ display: 'block', fontSize: 12 }}>
              {c.email}
            </Typography.Text>
          )}
          <Typography.Text
            ellipsis
            style={{ display: 'block', fontWeight: c.unread > 0 ? 600 : undefined }}
            data-testid="chat-conversation-preview"
          >
            {preview}
          </Typography.Text>
        </div>
        {c.unread > 0 && (
          <Badge
            count={c.unread}
            overflowCount={99}
            title={t('chat.unread', { count: c.unread })}
            data-testid="chat-conversation-unread"
          />
        )}
      </div>
    </div>
  )
}
