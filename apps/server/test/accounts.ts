import { expect } from 'vitest'
import type { TestApp } from './harness.ts'
import { currentQuestionnaire } from '../src/legal/appropriateness.ts'

export const PASSWORD = 'Passw0rd!'

/**
 * The code in the newest message sent to `destination`, as it was delivered (the transport, or the
 * operator's log line without one): the outbox keeps codes masked, so staff never read one. The
 * outbox delivers after the call that asked for the code has answered (and a browser's button can
 * change before that answer arrives), so this waits up to 5 s for the first message to arrive.
 */
export async function lastCode(app: TestApp, destination: string): Promise<string> {
  const deadline = Date.now() + 5_000
  for (;;) {
    const message = app.delivered.findLast((m) => m.to === destination)
    const code = message?.text.match(/\b(\d{6})\b/)?.[1]
    if (code) return code
    if (Date.now() > deadline) throw new Error(`no code was sent to ${destination}`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

/**
 * A new staff member's one-time password, read as they would read it: from the last mail that left
 * the platform for `email` (issue 22: no staff answer carries it).
 */
export function lastStaffPassword(app: TestApp, email: string): string {
  const message = app.delivered.findLast((m) => m.to === email)
  const password = message?.text.match(/One-time password: ([0-9A-Z-]{23})/)?.[1]
  if (!password) throw new Error(`no one-time password was sent to ${email}`)
  return password
}

let counter = 0
export const freshEmail = () => `user${Date.now()}${counter++}@example.com`

/** The current legal documents as a registration form sends them: `client_agreement:1,…`. */
export async function currentLegalVersions(app: TestApp): Promise<string> {
  const list = (await app.get('/api/legal/documents')).body.data.list as { kind: string; version: number }[]
  return list.map((d) => `${d.kind}:${d.version}`).join(',')
}

/** Registers `email` through the real calls (send code, read it, register) and returns its token. */
export async function registerAndLogin(
  app: TestApp,
  email = freshEmail(),
  extra: Record<string, string> = {},
) {
  const sent = await app.post('/api/notify/send_email', { to: email, type: 1 })
  expect(sent.body.code).toBe(1)
  const registered = await app.post('/api/user/register', {
    // The legal documents accepted as the app's form accepts them (decision 045).
    legal_versions: await currentLegalVersions(app),
    type: 'email',
    account: email,
    password: PASSWORD,
    re_password: PASSWORD,
    sms_code: await lastCode(app, email),
    ...extra,
  })
  expect(registered.body).toMatchObject({ code: 1 })
  const login = await app.post('/api/user/loginForU', {
    account: email,
    password: PASSWORD,
    login_type: 'email',
  })
  expect(login.body.code).toBe(1)
  const token = login.body.data.token as string
  await passAppropriateness(app, token)
  return { email, token, user: login.body.data.user }
}

/** Takes the appropriateness test with the right answers, as a client who understands CFDs (decision 046). */
export async function passAppropriateness(app: TestApp, token: string): Promise<void> {
  const questionnaire = await currentQuestionnaire(app.db)
  if (!questionnaire) return
  const answers = questionnaire.questions.map((q) => q.correct).join(',')
  const answer = await app.post('/api/appropriateness/answer', { answers }, { token })
  expect(answer.body).toMatchObject({ code: 1, data: { passed: true } })
}
