import { QueuePage } from '../../../common/queue/queue-page.tsx'
import { depositsQueue } from './deposits-queue.tsx'

export function DepositsPage() {
  return <QueuePage config={depositsQueue} />
}
