import { eq } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { outbox } from '../db/schema.ts'
import type { MessageTransport } from './transports.ts'

export type Channel = 'email' | 'sms'

export interface Messenger {
  /** Records the message and delivers it when a transport exists for its channel. False if delivery failed. */
  send(channel: Channel, to: string, subject: string, text: string): Promise<boolean>
}

/** Where the messenger reports: a pino logger (app.log) fits. */
export interface MessengerLog {
  info(obj: object, msg: string): void
  warn(obj: object, msg: string): void
}

/**
 * Every message is written to the outbox first. With a transport it is sent at once and marked
 * 'sent' or 'failed'; without one it stays 'stored' for staff to see (ARCHITECTURE.md), and is
 * also printed to the log, code included: on a first run without SMTP_URL the log is how a
 * newcomer reads the code that registration asks for.
 */
export function outboxMessenger(
  db: Db,
  transports: Partial<Record<Channel, MessageTransport>>,
  log: MessengerLog,
): Messenger {
  return {
    async send(channel, to, subject, text) {
      const transport = transports[channel]
      const [row] = await db
        .insert(outbox)
        .values({ channel, destination: to, subject, body: text, status: transport ? 'pending' : 'stored' })
        .returning({ id: outbox.id })
      if (!transport) {
        log.info(
          { channel, to, subject, text, outboxId: row?.id },
          'message kept in the outbox (no transport)',
        )
        return true
      }
      if (!row) return true
      try {
        await transport.send({ to, subject, text })
        await db.update(outbox).set({ status: 'sent' }).where(eq(outbox.id, row.id))
        return true
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error)
        log.warn({ channel, outboxId: row.id, err: message }, 'message delivery failed')
        await db
          .update(outbox)
          .set({ status: 'failed', error: message.slice(0, 500) })
          .where(eq(outbox.id, row.id))
        return false
      }
    },
  }
}
