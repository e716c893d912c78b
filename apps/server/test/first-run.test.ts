import { Writable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DRIVERS, startTestApp, type TestApp } from './harness.ts'
import { PASSWORD, freshEmail } from './accounts.ts'

interface LogLine {
  level: number
  msg: string
  channel?: string
  to?: string
  subject?: string
  text?: string
}

/** The app's log at the default level (info), as `npm start` prints it. */
function captureLog() {
  const lines: LogLine[] = []
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const text of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(text) as LogLine)
      done()
    },
  })
  return { lines, logger: { level: 'info', stream } }
}

describe.each(DRIVERS)('a first run without SMTP_URL or SMS_URL (%s)', (driver) => {
  let app: TestApp
  const log = captureLog()
  beforeAll(async () => {
    app = await startTestApp(driver, { app: { logger: log.logger }, sms: false })
  })
  afterAll(() => app.close())

  it('prints each message to the log, so a newcomer can register with the code from it', async () => {
    const email = freshEmail()
    expect((await app.post('/api/notify/send_email', { to: email, type: 1 })).body.code).toBe(1)
    const printed = log.lines.find((line) => line.to === email)
    expect(printed).toMatchObject({ level: 30, channel: 'email', subject: expect.any(String) })
    const code = printed?.text?.match(/\b(\d{6})\b/)?.[1] ?? ''
    const registered = await app.post('/api/user/register', {
      type: 'email',
      account: email,
      password: PASSWORD,
      re_password: PASSWORD,
      sms_code: code,
    })
    expect(registered.body.code).toBe(1)
  })

  it('offers no mobile sign-up: a text message would reach only the log', async () => {
    const mobile = '2025550143'
    const setting = await app.get('/api/default/setting?key=is_show_mobile')
    expect(setting.body.data.value).toBe('0')
    const sent = await app.post('/api/notify/send_sms', { to: mobile, area_id: 1, type: 1 })
    expect(sent.body).toMatchObject({ code: 0, reason: 'mobile_disabled' })
    expect(log.lines.find((line) => line.to?.endsWith(mobile))).toBeUndefined()
  })

  it('keeps routine requests out of the info log', async () => {
    log.lines.length = 0
    await app.get('/api/basicSet/getBasicInfo')
    await app.get('/api/basicSet/getBasicInfo')
    expect(log.lines).toEqual([])
  })
})

describe('with an e-mail transport', () => {
  let app: TestApp
  const log = captureLog()
  const delivered: string[] = []
  beforeAll(async () => {
    app = await startTestApp('pglite', {
      app: { logger: log.logger },
      emailTransport: { send: async ({ to }) => void delivered.push(to) },
    })
  })
  afterAll(() => app.close())

  it('sends e-mail and keeps its code out of the log', async () => {
    const email = freshEmail()
    expect((await app.post('/api/notify/send_email', { to: email, type: 1 })).body.code).toBe(1)
    expect(delivered).toEqual([email])
    expect(log.lines.filter((line) => line.to === email)).toEqual([])
  })
})
