import { eq } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { outbox } from '../db/schema.ts'
import type { MessageTransport } from './transports.ts'

export type Channel = 'email' | 'sms'

/**
 * What stands for a verification code in every stored copy of a message: the outbox row, and so
 * every back-office view of it. Staff never see a live code (issue 22): a support member who could
 * read a reset code could take the account. The data migration 0015 masks older rows with it too.
 */
export const CODE_MASK = '••••••'

/**
 * A message to send. A verification code travels apart from the text: `text(code)` writes it in,
 * given the plain code for the transport (or the operator's log line) and CODE_MASK for the outbox.
 */
export interface OutgoingMessage {
  subject: string
  text: (code: string) => string
  /** The code the text carries, if any. */
  code?: string
}

export interface Messenger {
  /** Records the message and delivers it when a transport exists for its channel. False if delivery failed. */
  send(channel: Channel, to: string, message: OutgoingMessage): Promise<boolean>
  /**
   * Whether a message of `channel` can reach anyone. An e-mail without SMTP_URL still reaches the
   * operator's log on a first run (decision 013); a text message without a provider reaches no user,
   * so nothing that needs one (mobile sign-up) is offered (issue 25).
   */
  delivers(channel: Channel): boolean
}

/** Where the messenger reports: a pino logger (app.log) fits. */
export interface MessengerLog {
  info(obj: object, msg: string): void
  warn(obj: object, msg: string): void
}

/**
 * Every message is written to the outbox first, its code masked. With a transport it is sent at once
 * (code included) and marked 'sent' or 'failed'; without one it stays 'stored' (decision 013),
 * and is also printed to the log, code included: on a first run without SMTP_URL, and for text
 * messages until an SMS provider is wired, the operator's log is the only place a code reaches.
 */
export function outboxMessenger(
  db: Db,
  transports: Partial<Record<Channel, MessageTransport>>,
  log: MessengerLog,
): Messenger {
  return {
    delivers: (channel) => transports[channel] !== undefined,
    async send(channel, to, { subject, text: write, code }) {
      const transport = transports[channel]
      const text = write(code ?? '')
      const stored = code === undefined ? text : write(CODE_MASK)
      const [row] = await db
        .insert(outbox)
        .values({ channel, destination: to, subject, body: stored, status: transport ? 'pending' : 'stored' })
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
        // The far side's answer may quote the message: kept only with the code masked.
        const message = maskCode(error instanceof Error ? error.message : String(error), code)
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

const maskCode = (text: string, code: string | undefined) => (code ? text.split(code).join(CODE_MASK) : text)
