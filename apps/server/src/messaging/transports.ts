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
