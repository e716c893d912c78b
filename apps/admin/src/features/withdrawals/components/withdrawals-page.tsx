import { QueuePage } from '../../../common/queue/queue-page.tsx'
import { withdrawalsQueue } from './withdrawals-queue.tsx'

export function WithdrawalsPage() {
  return <QueuePage config={withdrawalsQueue} />
}
