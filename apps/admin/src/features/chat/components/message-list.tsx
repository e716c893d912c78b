import { useLayoutEffect, useRef } from 'react'
import { Alert, Button, Empty, Image, Spin, Typography } from 'antd'
import type { ChatMessage } from '@tp/contracts/light'
import { useT } from '../../../common/i18n/i18n.tsx'
import { MessageBubble } from './message-bubble.tsx'

interface Props {
  messages: ChatMessage[]
  userLabel: string
  loading: boolean
  error: Error | null
  hasOlder: boolean
  loadingOlder: boolean
  onOlder: () => void
}

/**
 * The conversation, oldest at the top. It stays at the newest message when one arrives, and keeps
 * the reader's place when earlier messages load above.
 */
export function MessageList(props: Props) {
  const t = useT()
  const box = useRef<HTMLDivElement>(null)
  const firstId = props.messages[0]?.id
  const lastId = props.messages.at(-1)?.id
  const seen = useRef<{ first?: number; last?: number; height: number; top: number }>({ height: 0, top: 0 })

  useLayoutEffect(() => {
    const el = box.current
    if (!el) return
    const before = seen.current
    if (before.last === lastId && before.first !== firstId && before.height > 0)
      // Earlier messages came in above: the same messages stay in view.
      el.scrollTop = before.top + (el.scrollHeight - before.height)
    else if (before.last !== lastId) el.scrollTop = el.scrollHeight
    seen.current = { first: firstId, last: lastId, height: el.scrollHeight, top: el.scrollTop }
  }, [firstId, lastId])

  return (
    <div
      ref={box}
      data-testid="chat-messages"
      onScroll={(event) => {
        seen.current.top = event.currentTarget.scrollTop
        seen.current.height = event.currentTarget.scrollHeight
      }}
      style={{ flex: 1, minHeight: 0, overflowY: 'auto', padding: '4px 16px' }}
    >
      {props.error && <Alert type="error" showIcon title={props.error.message} style={{ margin: '8px 0' }} />}
      {props.loading ? (
        <Spin style={{ display: 'block', margin: '64px auto' }} />
      ) : props.messages.length === 0 ? (
        <Empty description={t('chat.noMessages')} style={{ margin: '64px 0' }} />
      ) : (
        <>
          <div style={{ textAlign: 'center', margin: '8px 0' }}>
            {props.hasOlder ? (
              <Button
                size="small"
                onClick={props.onOlder}
                loading={props.loadingOlder}
                data-testid="chat-older"
              >
                {t('chat.older')}
              </Button>
            ) : (
              props.messages.some((m) => m.image) && (
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t('chat.zoomHint')}
                </Typography.Text>
              )
            )}
          </div>
          <Image.PreviewGroup>
            {props.messages.map((message) => (
              <MessageBubble key={message.id} message={message} userLabel={props.userLabel} />
            ))}
          </Image.PreviewGroup>
        </>
      )}
    </div>
  )
}
