import { Tag } from 'antd'
import { useT } from '../i18n/i18n.tsx'
import type { QueueConfig, QueueItem } from './queue-config.ts'

export function StatusTag<T extends QueueItem>({
  config,
  status,
}: {
  config: QueueConfig<T>
  status: number
}) {
  const t = useT()
  return (
    <Tag color={config.statusColour(status)} data-testid="queue-status">
      {t(config.statusLabel(status))}
    </Tag>
  )
}
