import { Space, Typography } from 'antd'
import type { OutboxItem } from '@tp/contracts'
import { useT } from '../../../shared/i18n/i18n.tsx'

/** A 6-digit verification code in a message, as the platform writes them. */
const CODE = /\b(\d{6})\b/

/**
 * A message as the recipient reads it: the subject, then the text as plain text (never as HTML),
 * with its verification code, if it has one, large and ready to copy.
 */
export function MessageText({ item }: { item: OutboxItem }) {
  const t = useT()
  const code = CODE.exec(item.body)?.[1]
  return (
    <Space orientation="vertical" size={2} style={{ width: '100%' }} data-testid="outbox-message">
      {item.channel === 'email' && (
        <Typography.Text strong>{item.subject || t('outbox.noSubject')}</Typography.Text>
      )}
      {code && (
        <Typography.Text
          data-testid="outbox-code"
          copyable={{ text: code, tooltips: [t('outbox.copyCode', { code }), t('common.copied')] }}
          style={{ fontSize: 18, fontFamily: 'monospace', letterSpacing: 2 }}
        >
          {code}
        </Typography.Text>
      )}
      <Typography.Paragraph
        data-testid="outbox-body"
        type="secondary"
        style={{ margin: 0, whiteSpace: 'pre-wrap' }}
        ellipsis={{ rows: 3, expandable: 'collapsible' }}
      >
        {item.body}
      </Typography.Paragraph>
    </Space>
  )
}
