import { useReducer, useRef } from 'react'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Empty, Typography } from 'antd'
import type { ConversationSummary } from '@tp/contracts/light'
import { useT } from '../../../common/i18n/i18n.tsx'
import { chatApi, chatKeys } from '../api/chat-api.ts'
import { statusFilterOf, statusParam, type StatusFilter } from './chat-status.ts'
import { ConversationList } from './conversation-list.tsx'
import { ConversationView } from './conversation-view.tsx'
import { useUrlParams } from '../../../common/lib/use-url-params.ts'

/** A fallback for the list when no live event comes through (the stream reconnects in the meantime). */
const LIST_REFRESH_MS = 30_000

/**
 * Support chat: conversations on the left (newest first, unread badges, refreshed at once when a
 * user writes), the chosen conversation and the reply box on the right. The filter, the page and
 * the open conversation are kept in the URL.
 */
export function ChatPage() {
  const t = useT()
  const [params, update] = useUrlParams()
  const status = statusFilterOf(params.get('status'))
  const page = Math.max(1, Number(params.get('page')) || 1)
  const selected = Number(params.get('user')) || null

  const list = useQuery({
    queryKey: chatKeys.list(statusParam(status), page),
    queryFn: ({ signal }) => chatApi.list({ status: statusParam(status), page }, signal),
    placeholderData: keepPreviousData,
    refetchInterval: LIST_REFRESH_MS,
  })

  // The open conversation's header keeps what the list last said of it, even once a filter or a
  // page leaves it out of the list.
  const known = useRef(new Map<number, ConversationSummary>())
  const read = useRef<unknown>(undefined)
  if (list.data && list.data !== read.current) {
    // Each answer once: a change made here since (closing) stands until the server's next word.
    read.current = list.data
    for (const c of list.data.data) known.current.set(c.user_id, c)
  }
  const summary = selected ? known.current.get(selected) : undefined
  const [, rerender] = useReducer((n: number) => n + 1, 0)
  function markClosed(userId: number) {
    const before = known.current.get(userId)
    // Until the list says otherwise (a new message from the user reopens it).
    if (before) known.current.set(userId, { ...before, status: 2 })
    rerender()
  }

  return (
    <div data-testid="chat-page">
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('chat.title')}
      </Typography.Title>
      <div style={{ display: 'flex', gap: 16, height: 'calc(100vh - 172px)', minHeight: 480 }}>
        <ConversationList
          status={status}
          onStatus={(value: StatusFilter) =>
            update({ status: value === 'all' ? undefined : value, page: undefined })
          }
          page={page}
          onPage={(value) => update({ page: value === 1 ? undefined : value })}
          conversations={list.data?.data}
          total={list.data?.total ?? 0}
          loading={list.isPending}
          error={list.error}
          selected={selected}
          onSelect={(c) => update({ user: c.user_id })}
        />
        <div style={{ flex: 1, minWidth: 0 }}>
          {selected ? (
            <ConversationView
              key={selected}
              userId={selected}
              summary={summary}
              onClosed={() => markClosed(selected)}
            />
          ) : (
            <div
              style={{
                height: '100%',
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'center',
                background: '#fff',
                border: '1px solid #f0f0f0',
                borderRadius: 8,
              }}
            >
              <Empty description={t('chat.pick')} />
            </div>
          )}
        </div>
      </div>
    </div>
  )
}
