import { QueuePage } from '../../../common/queue/queue-page.tsx'
import { identityQueue } from './identity-queue.tsx'

export function IdentityPage() {
  return <QueuePage config={identityQueue} />
}
