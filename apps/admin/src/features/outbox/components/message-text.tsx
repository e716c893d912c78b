import { Space, Typography } from 'antd'
import type { OutboxItem } from '@tp/contracts/light'
import { useT } from '../../../common/i18n/i18n.tsx'

/** How the server stores a verification code (CODE_MASK of apps/server/src/messaging/outbox.ts). */
const MASKED_CODE = '••••••'

/**
 * A message as the recipient reads it: the subject, then the text as plain text (never as HTML).
 * A verification code is stored masked, so no staff member ever reads a live one (a reset code
 * would open the account); a line says so under a message that had one.
 */
export function MessageText({ item }: { item: OutboxItem }) {
  const t = useT()
  return (
    <Space orientation="vertical" size={2} style={{ width: '100%' }} data-testid="outbox-message">
      {item.channel === 'email' && (
        <Typography.Text strong>{item.subject || t('outbox.noSubject')}</Typography.Text>
      )}
      <Typography.Paragraph
        data-testid="outbox-body"
        type="secondary"
        style={{ margin: 0, whiteSpace: 'pre-wrap' }}
        ellipsis={{ rows: 3, expandable: 'collapsible' }}
      >
        {item.body}
      </Typography.Paragraph>
      {item.body.includes(MASKED_CODE) && (
        <Typography.Text type="secondary" italic data-testid="outbox-code-hidden" style={{ fontSize: 12 }}>
          {t('outbox.codeHidden')}
        </Typography.Text>
      )}
    </Space>
  )
}
