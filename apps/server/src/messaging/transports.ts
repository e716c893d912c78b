import nodemailer from 'nodemailer'

/** Delivers one message. Throws when the far side refuses, so the caller can record the failure. */
export interface MessageTransport {
  send(message: { to: string; subject: string; text: string }): Promise<void>
}

/** E-mail through the SMTP server of `SMTP_URL` (e.g. smtp://user:pass@host:587). */
export function smtpTransport(smtpUrl: string, from: string): MessageTransport {
  const transporter = nodemailer.createTransport(smtpUrl)
  return {
    async send({ to, subject, text }) {
      await transporter.sendMail({ from, to, subject, text })
    },
  }
}

/**
 * An SMS gateway. No provider is built in yet: a deployment plugs one in here (Twilio, Vonage, …).
 * Until then a text message's code reaches only the operator's log line: the outbox, which the back
 * office shows, keeps it masked.
 */
export type SmsProvider = MessageTransport
