import type { ReactNode } from 'react'
import { Alert, Button, Card, Space, Typography } from 'antd'
import { ReloadOutlined } from '@ant-design/icons'
import { useT } from '../i18n/i18n.tsx'

interface Props {
  title: ReactNode
  /** How many there are in all, once read. */
  total: number | undefined
  fetching: boolean
  /** Why the list could not be read: said above it, with a retry. */
  error?: Error | null
  onReload: () => void
  /** More buttons beside reload (an "Add" button). */
  actions?: ReactNode
  testId: string
  children: ReactNode
}

/**
 * A page's list: its title with the total, a reload button (and the page's own actions), why it
 * could not be read (with a retry), the body.
 */
export function ListCard({ title, total, fetching, error, onReload, actions, testId, children }: Props) {
  const t = useT()
  return (
    <Card
      data-testid={testId}
      title={
        <Space>
          {title}
          {total !== undefined && (
            <Typography.Text type="secondary" style={{ fontWeight: 400 }}>
              {t('common.total', { total })}
            </Typography.Text>
          )}
        </Space>
      }
      extra={
        <Space>
          <Button
            icon={<ReloadOutlined />}
            onClick={onReload}
            loading={fetching}
            aria-label={t('common.retry')}
          />
          {actions}
        </Space>
      }
    >
      {error && (
        <Alert
          type="error"
          showIcon
          title={error.message}
          action={<Button onClick={onReload}>{t('common.retry')}</Button>}
          style={{ marginBottom: 16 }}
          data-testid="list-error"
        />
      )}
      {children}
    </Card>
  )
}
