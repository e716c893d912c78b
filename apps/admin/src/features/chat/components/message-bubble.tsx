import { Image, Typography } from 'antd'
import type { ChatMessage } from '@tp/contracts/light'
import { useT } from '../../../common/i18n/i18n.tsx'
import { UtcTime } from '../../../common/components/utc-time.tsx'

/** One message: the user's on the left, staff replies on the right; an image opens large on click. */
export function MessageBubble({ message, userLabel }: { message: ChatMessage; userLabel: string }) {
  const t = useT()
  const staff = message.sender === 2
  return (
    <div
      data-testid={staff ? 'chat-message-staff' : 'chat-message-user'}
      data-message-id={message.id}
      style={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: staff ? 'flex-end' : 'flex-start',
        margin: '10px 0',
      }}
    >
      <Typography.Text type="secondary" style={{ fontSize: 12, marginBottom: 2 }}>
        {staff ? message.staff_name : userLabel} · <UtcTime value={message.created_at} />
      </Typography.Text>
      <div
        style={{
          maxWidth: '72%',
          padding: message.text ? '8px 12px' : 4,
          borderRadius: 12,
          borderTopLeftRadius: staff ? 12 : 2,
          borderTopRightRadius: staff ? 2 : 12,
          background: staff ? '#1677ff' : '#f0f0f0',
          color: staff ? '#fff' : 'rgba(0,0,0,0.88)',
        }}
      >
        {message.image && (
          <Image
            src={message.image}
            alt={t('chat.imageAlt')}
            width={240}
            height={180}
            style={{ objectFit: 'contain', background: '#fafafa', borderRadius: 8, display: 'block' }}
            data-testid="chat-message-image"
          />
        )}
        {message.text && (
          <div
            data-testid="chat-message-text"
            style={{
              whiteSpace: 'pre-wrap',
              overflowWrap: 'anywhere',
              marginTop: message.image ? 6 : 0,
            }}
          >
            {message.text}
          </div>
        )}
      </div>
    </div>
  )
}
