import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerAndLogin } from './accounts.ts'
import { DRIVERS, startTestApp, type TestApp } from './harness.ts'
import { signedInStaff } from './staff.ts'

/*
 * Issue 25: a fresh install shows no coin deposit address until staff set the broker's own; it
 * seeded well-known burn addresses before, and the phone showed them as the broker's.
 */
describe.each(DRIVERS)('coin deposit addresses of a fresh install on %s', (driver) => {
  let app: TestApp

  beforeAll(async () => {
    app = await startTestApp(driver, { depositAddresses: false })
  })
  afterAll(() => app.close())

  it('lists no coin network until staff set its address, and takes no deposit to one without', async () => {
    const user = await registerAndLogin(app)
    const before = (await app.get('/api/quickCharge/info', { token: user.token })).body
    expect(before, JSON.stringify(before)).toMatchObject({
      code: 1,
      data: [],
    })
    const admin = await signedInStaff(app, 'admin')
    const channels = (await app.get('/admin/api/deposit_channels', { token: admin.token })).body.data as {
      id: number
      protocol_code: string
      address: string
    }[]
    expect(channels.length).toBeGreaterThan(0)
    expect(channels.every((channel) => channel.address === '')).toBe(true)
    const tron = channels.find((channel) => channel.protocol_code === 'TRC20')!
    const deposit = await app.get(
      `/api/quickCharge/submit?number=100&proofImg=x&charge_id=${tron.id}&address=`,
      { token: user.token },
    )
    expect(deposit.body.code).toBe(0)

    const address = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'
    const set = await app.post(
      `/admin/api/deposit_channels/${tron.id}`,
      { address },
      { token: admin.token, json: true },
    )
    expect(set.body.code).toBe(1)
    const listed = (await app.get('/api/quickCharge/info', { token: user.token })).body.data
    expect(listed).toEqual([{ id: tron.id, address, currency_code: 'USDT', protocol_code: 'TRC20' }])
  })
})
