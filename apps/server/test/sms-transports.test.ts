import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { smsTransportFromUrl, twilioSms, webhookSms } from '../src/messaging/sms-transports.ts'

interface Received {
  path: string
  authorization: string | undefined
  contentType: string | undefined
  body: string
}

/** A provider's HTTP side: records each request, answers `status`. */
let server: Server
let base = ''
let status = 201
const received: Received[] = []

beforeAll(async () => {
  server = createServer((request: IncomingMessage, response) => {
    let body = ''
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')))
    request.on('end', () => {
      received.push({
        path: request.url ?? '',
        authorization: request.headers.authorization,
        contentType: request.headers['content-type'],
        body,
      })
      response.statusCode = status
      response.end(status < 300 ? '{}' : '{"message":"The To number is not a valid phone number"}')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`

describe('SMS transports', () => {
  it("posts a Twilio message with the account's credentials and sender", async () => {
    status = 201
    const sms = twilioSms({ accountSid: 'AC123', authToken: 'secret', from: '+15550001111', apiBase: base })
    await sms.send({ to: '+85291234567', subject: 'ignored', text: 'Your code is 123456' })
    const last = received.at(-1)!
    expect(last.path).toBe('/2010-04-01/Accounts/AC123/Messages.json')
    expect(last.authorization).toBe(basic('AC123', 'secret'))
    expect(last.contentType).toBe('application/x-www-form-urlencoded')
    expect(Object.fromEntries(new URLSearchParams(last.body))).toEqual({
      To: '+85291234567',
      From: '+15550001111',
      Body: 'Your code is 123456',
    })
  })

  it('posts JSON to a gateway, its URL credentials as basic auth and not in the URL', async () => {
    status = 200
    const sms = webhookSms(`${base.replace('http://', 'http://relay:p%40ss@')}/send?account=7`)
    await sms.send({ to: '+819012345678', subject: 's', text: 'コード 654321' })
    const last = received.at(-1)!
    expect(last.path).toBe('/send?account=7')
    expect(last.authorization).toBe(basic('relay', 'p@ss'))
    expect(JSON.parse(last.body)).toEqual({ to: '+819012345678', text: 'コード 654321' })
  })

  it("throws with the provider's status when it refuses, so the outbox records a failure", async () => {
    status = 400
    const sms = smsTransportFromUrl(`${base}/send`)
    await expect(sms.send({ to: '+1', subject: 's', text: 't' })).rejects.toThrow(/answered 400/)
  })

  it('reads twilio:// URLs as Twilio over HTTPS', () => {
    expect(() => smsTransportFromUrl('twilio://AC1:tok@api.twilio.com/+15550001111')).not.toThrow()
  })
})
