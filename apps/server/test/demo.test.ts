import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ledger, users } from '../src/db/schema.ts'
import { LedgerType } from '@tp/contracts'
import { ledgerMatchesBalance } from '../src/trading/ledger.ts'
import { DRIVERS, startTestApp, type TestApp } from './harness.ts'

describe.each(DRIVERS)('demo accounts on %s', (driver) => {
  let app: TestApp
  beforeAll(async () => {
    app = await startTestApp(driver, { settings: { demo_starting_balance: '25000' } })
  })
  afterAll(() => app.close())

  it('creates a funded demo account once per device, booked through the ledger', async () => {
    const first = await app.get('/api/user/createAccountDemoForU?demo_id=device-0001-abcdef')
    expect(first.body.code).toBe(1)
    expect(first.body.data.user).toMatchObject({ is_demo: 1, email: null, balance: '25000.00' })
    const again = await app.get('/api/user/createAccountDemoForU?demo_id=device-0001-abcdef')
    expect(again.body.data.user.id).toBe(first.body.data.user.id)
    expect(again.body.data.token).not.toBe(first.body.data.token)
    const rows = await app.db.select().from(ledger).where(eq(ledger.userId, first.body.data.user.id))
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      type: LedgerType.DEMO_CREDIT,
      amount: '25000.000000',
      balanceAfter: '25000.000000',
    })
    expect(await ledgerMatchesBalance(app.db, first.body.data.user.id)).toBe(true)
  })

  it('creates one account when the same device asks twice at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => app.get('/api/user/createAccountDemoForU?demo_id=device-race-0001')),
    )
    expect(new Set(answers.map((a) => a.body.data.user.id)).size).toBe(1)
    expect(await app.db.select().from(users).where(eq(users.demoId, 'device-race-0001'))).toHaveLength(1)
  })

  it('refuses a malformed device id', async () => {
    const bad = await app.get('/api/user/createAccountDemoForU?demo_id=%3Cscript%3E')
    expect(bad.status).toBe(200)
    expect(bad.body.reason).toBe('invalid_input')
  })

  it('keeps demo accounts away from password changes and e-mail sign-in', async () => {
    const demo = (await app.get('/api/user/createAccountDemoForU?demo_id=device-0002-abcdef')).body.data
    const amend = await app.post(
      '/api/user/amend_password',
      { old_password: 'Passw0rd!', new_password: 'NewPassw0rd', auth_code: '123456', type: 'email' },
      { token: demo.token },
    )
    expect(amend.body).toMatchObject({
      code: 0,
      reason: 'demo_forbidden',
      msg: 'Please register or log in to a real account',
    })
  })
})
