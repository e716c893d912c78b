import type { Db } from '../db/client.ts'
import type { Messenger } from '../messaging/outbox.ts'
import type { Clock } from '../outcome/outcome.ts'
import type { SessionRevocations } from './sessions.ts'

/** What the services need from the outside world; the composition root and the tests provide it. */
export interface ServiceDeps {
  db: Db
  clock: Clock
  messenger: Messenger
  /** Told of every ended session, so that signed-in sockets let go at once. */
  sessionRevocations: SessionRevocations
  /** Where the platform is reached (config PUBLIC_URL): messages name its pages; passkeys are made for its host. */
  publicUrl?: string
}
