import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DRIVERS, startTestApp, type TestApp } from './harness.ts'

/** Text that Number() reads as a number but no client sends for one: each must be refused. */
const LOOSE_NUMBERS = ['0x10', '1.', ' 1 ', '1e3', '+1', '١', '0b1', '1_0', '.5', '1,0']
const INT32_OVER = '2147483648'
const SAFE_OVER = '9007199254740993'

/** Each call reached with a bad value in one numeric field; the other fields are valid. */
interface NumericField {
  method: 'GET' | 'POST'
  path: string
  valid: Record<string, string>
  field: string
  signedIn?: boolean
}

const NUMERIC_FIELDS: NumericField[] = [
  {
    method: 'POST',
    path: '/api/notify/send_email',
    valid: { to: 'n@example.com', type: '1' },
    field: 'type',
  },
  {
    method: 'POST',
    path: '/api/notify/send_sms',
    valid: { to: '91234567', area_id: '1', type: '1' },
    field: 'area_id',
  },
  {
    method: 'POST',
    path: '/api/user/loginForU',
    valid: { account: '91234567', password: 'x', login_type: 'mobile', area_id: '1' },
    field: 'area_id',
  },
  { method: 'GET', path: '/v1/api/forex/kline', valid: { forex_id: '1', period: '1min' }, field: 'forex_id' },
  {
    method: 'GET',
    path: '/v1/api/forex/kline',
    valid: { forex_id: '1', period: '1min', limit: '5' },
    field: 'limit',
  },
  { method: 'GET', path: '/v1/api/forex/trade_list', valid: { category_id: '1' }, field: 'category_id' },
  {
    method: 'GET',
    path: '/v1/api/forex/submit',
    valid: { forex_id: '1', type: '1', cont: '0.01', status: '1', multiple: '10' },
    field: 'multiple',
    signedIn: true,
  },
  {
    method: 'GET',
    path: '/v1/api/forex/submit',
    valid: { forex_id: '1', type: '1', cont: '0.01', status: '1', multiple: '10' },
    field: 'forex_id',
    signedIn: true,
  },
  {
    method: 'GET',
    path: '/v1/api/forex/my_deal',
    valid: { status: '1', page: '1' },
    field: 'page',
    signedIn: true,
  },
  { method: 'GET', path: '/v1/api/forex/close', valid: { id: '1' }, field: 'id', signedIn: true },
  {
    method: 'GET',
    path: '/v1/api/forex/set_stop_price',
    valid: { id: '1', stop_loss_price: '1.5' },
    field: 'stop_loss_price',
    signedIn: true,
  },
]

/** The English names the refusals give the fields (apps/server/src/i18n/locales/en.json). */
const FIELD_NAMES: Record<string, string> = {
  type: 'type',
  area_id: 'area code',
  forex_id: 'instrument',
  limit: 'number of items',
  category_id: 'category',
  multiple: 'leverage',
  page: 'page',
  id: 'ID',
  stop_loss_price: 'stop-loss price',
}

describe.each(DRIVERS)('strict input on %s', (driver) => {
  let app: TestApp
  let token: string
  beforeAll(async () => {
    app = await startTestApp(driver)
    token = (await app.get('/api/user/createAccountDemoForU?demo_id=strict-input-1')).body.data.token
  })
  afterAll(() => app.close())

  async function send(call: NumericField, fields: Record<string, string>, json = false) {
    const init = { token: call.signedIn ? token : undefined, json }
    if (call.method === 'POST') return app.post(call.path, fields, init)
    return app.get(`${call.path}?${new URLSearchParams(fields).toString()}`, init)
  }

  const refusedAsInvalid = (answer: Awaited<ReturnType<typeof send>>, field: string) => {
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect(answer.body).toMatchObject({ code: 0, data: null, reason: 'invalid_input' })
    expect(answer.body.msg).toBe(`Please check the field: ${FIELD_NAMES[field]}`)
  }

  it.each(NUMERIC_FIELDS)('refuses loose numbers in $field of $path', async (call) => {
    for (const loose of LOOSE_NUMBERS) {
      refusedAsInvalid(await send(call, { ...call.valid, [call.field]: loose }), call.field)
    }
    refusedAsInvalid(await send(call, { ...call.valid, [call.field]: SAFE_OVER }), call.field)
    refusedAsInvalid(await send(call, { ...call.valid, [call.field]: '9'.repeat(400) }), call.field)
    // The valid value passes the parser (whatever the call then answers).
    expect((await send(call, call.valid)).status).toBe(200)
  })

  it('refuses ids beyond int32 where the column is an integer, and takes bigint order ids', async () => {
    const overArea = await app.post('/api/notify/send_sms', { to: '91234567', area_id: INT32_OVER, type: 1 })
    expect(overArea.status).toBe(200)
    const overInstrument = await app.get(`/v1/api/forex/kline?forex_id=${INT32_OVER}&period=1min`)
    expect(overInstrument.status).toBe(200)
    const bigOrder = await app.get(`/v1/api/forex/close?id=${INT32_OVER}`, { token })
    expect(bigOrder.status).toBe(200)
    expect(bigOrder.body.reason).toBe('order_not_found')
  })

  it('refuses a JSON number that is not whole, or out of range, where a whole number is due', async () => {
    for (const area_id of [1.5, 2 ** 31, 2 ** 60, -1]) {
      const answer = await app.post(
        '/api/notify/send_sms',
        { to: '91234567', area_id, type: 1 },
        { json: true },
      )
      expect(answer.status).toBe(200)
    }
  })

  it('refuses NUL bytes in any field, of a form, a JSON body or a query, with code 0 and never 500', async () => {
    const nul = '\u0000'
    const answers = [
      await app.post('/api/user/loginForU', { account: `a${nul}@example.com`, password: 'Passw0rd!' }),
      await app.post('/api/user/loginForU', { account: 'a@example.com', password: `Passw0rd!${nul}` }),
      await app.post(
        '/api/user/loginForU',
        { account: `a${nul}@example.com`, password: 'x' },
        { json: true },
      ),
      await app.post('/api/user/loginForU', { account: 'a@example.com', password: 'x', [`k${nul}`]: '1' }),
      await app.post('/api/notify/send_email', { to: `n${nul}@example.com`, type: 1 }),
      await app.post('/api/user/register', {
        account: 'r@example.com',
        password: 'Passw0rd!',
        re_password: 'Passw0rd!',
        sms_code: '123456',
        invite_code: `AB${nul}`,
      }),
      await app.post('/api/user/forget_password', {
        account: `f${nul}@example.com`,
        new_password: 'Passw0rd!',
        secondary_password: 'Passw0rd!',
        auth_code: '123456',
      }),
      await app.get('/api/user/createAccountDemoForU?demo_id=abcdefgh%00'),
      await app.get('/api/default/setting?key=site%00title'),
      await app.get('/v1/api/forex/trade_list?searchCurrency=EUR%00'),
      await app.get('/v1/api/forex/my_deal?status=1&extra=%00', { token }),
    ]
    expect(answers[0]!.body.msg).toBe('Please check the field: account')
    expect(answers.at(-1)!.body.msg).toBe('Please check the field: request')
    for (const answer of answers) {
      expect(answer.status, JSON.stringify(answer.body)).toBe(200)
      expect(answer.body).toMatchObject({ code: 0, data: null, reason: 'invalid_input' })
    }
    // A nested NUL in JSON is found too, and the answer never echoes a strange key back.
    const nested = await app.post(
      '/api/user/loginForU',
      { account: 'a@example.com', password: 'x', [`<b>${nul}`]: { deep: [`x${nul}`] } },
      { json: true },
    )
    expect(nested.status).toBe(200)
    expect(nested.body.msg).toBe('Please check the field: request')
  })
})
