import type { Db } from '../db/client.ts'
import type { TopicHub } from '../realtime/topic-hub.ts'
import type { Clock } from '../outcome/outcome.ts'
import type { Uploads } from '../uploads/uploads.ts'

/** What the chat services need: the database, the time, the socket hub (pushes) and image URLs. */
export interface ChatDeps {
  db: Db
  clock: Clock
  topics: TopicHub
  uploads: Pick<Uploads, 'signedUploadUrl'>
}
