import type { MessageTransport } from './transports.ts'

/** How long the SMS provider may take to accept one message before the send counts as failed. */
const SMS_TIMEOUT_MS = 10_000

/**
 * Text messages through Twilio's Messages API (a form POST with the account's SID and token).
 * `apiBase` is Twilio's address; a test points it at its own server.
 */
export function twilioSms(options: {
  accountSid: string
  authToken: string
  from: string
  apiBase?: string
}): MessageTransport {
  const base = options.apiBase ?? 'https://api.twilio.com'
  const url = `${base}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`
  const authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`
  return {
    async send({ to, text }) {
      const response = await fetch(url, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ To: to, From: options.from, Body: text }),
        signal: AbortSignal.timeout(SMS_TIMEOUT_MS),
      })
      if (!response.ok)
        throw new Error(`SMS provider answered ${response.status}: ${await snippet(response)}`)
    },
  }
}

/**
 * Text messages through any gateway that takes a JSON POST `{to, text}` (an operator's own relay to
 * the provider of their country); credentials in the URL's user part go as HTTP basic auth.
 */
export function webhookSms(gatewayUrl: string): MessageTransport {
  const url = new URL(gatewayUrl)
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (url.username || url.password) {
    const user = decodeURIComponent(url.username)
    const password = decodeURIComponent(url.password)
    headers.authorization = `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`
    url.username = ''
    url.password = ''
  }
  return {
    async send({ to, text }) {
      const response = await fetch(url, {
        method: 'POST',
        headers,
        body: JSON.stringify({ to, text }),
        signal: AbortSignal.timeout(SMS_TIMEOUT_MS),
      })
      if (!response.ok) throw new Error(`SMS gateway answered ${response.status}: ${await snippet(response)}`)
    },
  }
}

/**
 * The transport `SMS_URL` names: `twilio://ACCOUNT_SID:AUTH_TOKEN@api.twilio.com/+15551234567`
 * (the number or sender id to send from as the path), or an `https://` (or `http://`) gateway URL.
 */
export function smsTransportFromUrl(smsUrl: string): MessageTransport {
  const url = new URL(smsUrl)
  if (url.protocol === 'twilio:') {
    return twilioSms({
      accountSid: decodeURIComponent(url.username),
      authToken: decodeURIComponent(url.password),
      from: decodeURIComponent(url.pathname.replace(/^\//, '')),
      apiBase: `https://${url.host}`,
    })
  }
  return webhookSms(smsUrl)
}

async function snippet(response: Response): Promise<string> {
  return (await response.text().catch(() => '')).slice(0, 200)
}
