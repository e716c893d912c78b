import { randomBytes } from 'node:crypto'
import { and, eq, isNull } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_PAYOUT_METHODS } from '@tp/contracts'
import { payoutMethods, withdrawCurrencies, withdrawals } from '../src/db/schema.ts'
import { seedDatabase } from '../src/seed/seed-database.ts'
import { payoutMethodFor } from '../src/money/payout-methods.ts'
import { registerAndLogin } from './accounts.ts'
import { DRIVERS, startTestApp, type Answer, type TestApp } from './harness.ts'

const TRON_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'
const EIP55_ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'
const SEGWIT_ADDRESS = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'

/** A fresh, valid (single-case, so no checksum) Ethereum address. */
const randomEvmAddress = () => `0x${randomBytes(20).toString('hex')}`

const BANK_ACCOUNT = {
  type: 2,
  bank_name: 'Deutsche Bank',
  bank_address: 'Taunusanlage 12, Frankfurt',
  bank_swift: 'deut de ff',
  payee_name: 'Chan Tai Man',
  payee_account: '0532013000',
  iban: 'DE89 3704 0044 0532 0130 00',
  currency: 'eur',
  remark: 'salary account',
}

/** Every answer of these calls is the envelope; a 5xx is a bug whatever the input. */
function noServerError(answer: Answer): Answer {
  expect(answer.status).toBeLessThan(500)
  expect(answer.body).toHaveProperty('code')
  return answer
}

describe.each(DRIVERS)('payout methods on %s', (driver) => {
  let app: TestApp
  let alice: { token: string; userId: number }
  let bob: { token: string; userId: number }
  let demo: { token: string; userId: number }
  let currencyIds: Record<string, number>

  const bind = async (token: string, body: Record<string, unknown>, json = false) =>
    noServerError(await app.post('/api/wallet/bind_draw_method', body, { token, json }))
  const del = async (token: string, id: unknown) =>
    noServerError(await app.post('/api/wallet/del_draw_method', { id }, { token }))
  const methods = async (token: string, query: string) =>
    noServerError(await app.get(`/api/wallet/get_draw_method?${query}`, { token }))
  const realUser = async () => {
    const { token, user } = await registerAndLogin(app)
    return { token, userId: user.id as number }
  }

  beforeAll(async () => {
    app = await startTestApp(driver)
    alice = await realUser()
    bob = await realUser()
    const demoLogin = (await app.get('/api/user/createAccountDemoForU?demo_id=device-payout-0001')).body.data
    demo = { token: demoLogin.token, userId: demoLogin.user.id }
    const rows = await app.db.select().from(withdrawCurrencies)
    currencyIds = Object.fromEntries(rows.map((c) => [c.protocol ? `${c.code}-${c.protocol}` : c.code, c.id]))
  })
  afterAll(() => app.close())

  it('lists the seeded coin and bank currencies in order, with labels and decimal rates', async () => {
    const coins = noServerError(await app.get('/api/account/draw_symbol_list?type=1', { token: alice.token }))
    expect(coins.body.code).toBe(1)
    expect(coins.body.data.map((c: { label: string }) => c.label)).toEqual([
      'USDT-TRC20',
      'USDT-ERC20',
      'BTC-BTC',
      'ETH-ERC20',
    ])
    expect(coins.body.data[0]).toEqual({
      id: currencyIds['USDT-TRC20'],
      code: 'USDT',
      protocol: 'TRC20',
      draw_rate: '1',
      fee_type: 1,
      usd_price: '1',
      label: 'USDT-TRC20',
      precision: 6,
      rate_source: 'staff',
      rate_ready: true,
      rate_time: 0,
      rate_margin_pct: '0',
    })
    expect(coins.body.data[2]).toMatchObject({ code: 'BTC', draw_rate: '0.001', fee_type: 2 })
    const banks = noServerError(await app.get('/api/account/draw_symbol_list?type=2', { token: alice.token }))
    expect(banks.body.data.map((c: { label: string }) => c.label)).toEqual(['USD', 'EUR', 'HKD'])
    expect(banks.body.data[2]).toMatchObject({ protocol: '', usd_price: '0.128', draw_rate: '0.001' })
  })

  it('hides a disabled currency and refuses binding to it', async () => {
    await app.db.update(withdrawCurrencies).set({ enabled: false }).where(eq(withdrawCurrencies.code, 'HKD'))
    try {
      const banks = await app.get('/api/account/draw_symbol_list?type=2', { token: alice.token })
      expect(banks.body.data.map((c: { code: string }) => c.code)).toEqual(['USD', 'EUR'])
      const bound = await bind(alice.token, { ...BANK_ACCOUNT, draw_id: currencyIds.HKD })
      expect(bound.body).toMatchObject({ code: 0, reason: 'currency_invalid' })
    } finally {
      await app.db.update(withdrawCurrencies).set({ enabled: true }).where(eq(withdrawCurrencies.code, 'HKD'))
    }
  })

  it('seeds the currencies once: a second start keeps staff edits and adds nothing', async () => {
    const before = await app.db.select().from(withdrawCurrencies)
    await app.db
      .update(withdrawCurrencies)
      .set({ usdPrice: '90000' })
      .where(eq(withdrawCurrencies.code, 'BTC'))
    await seedDatabase(app.db)
    const after = await app.db.select().from(withdrawCurrencies)
    expect(after).toHaveLength(before.length)
    expect(after.find((c) => c.code === 'BTC')?.usdPrice).toBe('90000.0000000000')
  })

  it('binds a coin address of each network and lists them newest first', async () => {
    const tron = await bind(alice.token, {
      type: 1,
      draw_id: currencyIds['USDT-TRC20'],
      dc_address: TRON_ADDRESS,
    })
    expect(tron.body).toMatchObject({ code: 1, msg: 'Payout method saved' })
    const erc = await bind(
      alice.token,
      { type: 1, draw_id: currencyIds['USDT-ERC20'], dc_address: ` ${EIP55_ADDRESS} `, remark: 'ledger' },
      true,
    )
    expect(erc.body.code).toBe(1)
    const btc = await bind(alice.token, {
      type: '1',
      draw_id: String(currencyIds['BTC-BTC']),
      dc_address: SEGWIT_ADDRESS,
    })
    expect(btc.body.code).toBe(1)

    const listed = await methods(alice.token, 'draw_type=1')
    expect(listed.body.code).toBe(1)
    expect(listed.body.data.map((m: { dc_address: string }) => m.dc_address)).toEqual([
      SEGWIT_ADDRESS,
      EIP55_ADDRESS,
      TRON_ADDRESS,
    ])
    expect(listed.body.data[1]).toMatchObject({
      type: 1,
      draw_id: currencyIds['USDT-ERC20'],
      dc_address: EIP55_ADDRESS,
      draw_currency: { code: 'USDT', protocol: 'ERC20' },
      bank_name: '',
      remark: 'ledger',
    })
    expect(Date.parse(listed.body.data[1].created_at)).not.toBeNaN()

    const oneCurrency = await methods(alice.token, `draw_type=1&draw_id=${currencyIds['USDT-TRC20']}`)
    expect(oneCurrency.body.data.map((m: { dc_address: string }) => m.dc_address)).toEqual([TRON_ADDRESS])
    const emptyFilter = await methods(alice.token, 'draw_type=1&draw_id=')
    expect(emptyFilter.body.data).toHaveLength(3)
    expect((await methods(alice.token, 'draw_type=2')).body.data).toEqual([])
    expect((await methods(bob.token, 'draw_type=1')).body.data).toEqual([])
  })

  it('refuses addresses that fail their network check, with a translated reason', async () => {
    const cases = [
      [currencyIds['USDT-TRC20'], 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6T'],
      [currencyIds['USDT-ERC20'], '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD'],
      [currencyIds['ETH-ERC20'], TRON_ADDRESS],
      [currencyIds['BTC-BTC'], 'bc1qw508d6qejxtdg4c5r3zarvary0c5xw7kv8f3t4'],
      [currencyIds['BTC-BTC'], '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb'],
    ] as const
    for (const [drawId, address] of cases) {
      const answer = await bind(alice.token, { type: 1, draw_id: drawId, dc_address: address })
      expect(answer.status).toBe(200)
      expect(answer.body).toMatchObject({
        code: 0,
        reason: 'address_invalid',
        msg: 'The address is not valid for this network, please check it',
      })
    }
    const hk = await app.post(
      '/api/wallet/bind_draw_method',
      { type: 1, draw_id: currencyIds['BTC-BTC'], dc_address: 'bc1qnope' },
      { token: alice.token, lang: 'hk' },
    )
    expect(hk.body.msg).toBe('地址不符合該網絡的格式，請檢查')
  })

  it('refuses a currency of the other type or one that does not exist', async () => {
    const bankAsCoin = await bind(alice.token, {
      type: 1,
      draw_id: currencyIds.USD,
      dc_address: TRON_ADDRESS,
    })
    expect(bankAsCoin.body.reason).toBe('currency_invalid')
    const coinAsBank = await bind(alice.token, { ...BANK_ACCOUNT, draw_id: currencyIds['USDT-TRC20'] })
    expect(coinAsBank.body.reason).toBe('currency_invalid')
    const unknown = await bind(alice.token, { type: 1, draw_id: 999_999, dc_address: TRON_ADDRESS })
    expect(unknown.body.reason).toBe('currency_invalid')
  })

  it('binds a bank account with SWIFT and IBAN stored in their standard form', async () => {
    const bound = await bind(alice.token, { ...BANK_ACCOUNT, draw_id: currencyIds.EUR }, true)
    expect(bound.body).toMatchObject({ code: 1, msg: 'Payout method saved' })
    const withoutIban = await bind(alice.token, {
      ...BANK_ACCOUNT,
      iban: '',
      currency: '',
      payee_account: '123-456-789',
      bank_swift: 'HSBCHKHHHKH',
      draw_id: currencyIds.HKD,
    })
    expect(withoutIban.body.code).toBe(1)
    const listed = await methods(alice.token, 'draw_type=2')
    expect(listed.body.data).toHaveLength(2)
    expect(listed.body.data[0]).toMatchObject({
      draw_currency: { code: 'HKD', protocol: '' },
      iban: '',
      currency: 'HKD',
    })
    expect(listed.body.data[1]).toMatchObject({
      type: 2,
      draw_id: currencyIds.EUR,
      dc_address: '',
      bank_name: 'Deutsche Bank',
      bank_swift: 'DEUTDEFF',
      payee_name: 'Chan Tai Man',
      payee_account: '0532013000',
      iban: 'DE89370400440532013000',
      currency: 'EUR',
      remark: 'salary account',
    })
  })

  it('refuses a bad IBAN or SWIFT/BIC, and names a missing field', async () => {
    const iban = await bind(alice.token, {
      ...BANK_ACCOUNT,
      draw_id: currencyIds.USD,
      iban: 'DE89370400440532013001',
    })
    expect(iban.body).toMatchObject({ code: 0, reason: 'iban_invalid' })
    const swift = await bind(alice.token, {
      ...BANK_ACCOUNT,
      draw_id: currencyIds.USD,
      bank_swift: 'DEUT1EFF',
    })
    expect(swift.body).toMatchObject({ code: 0, reason: 'swift_invalid' })
    const { bank_name: _omitted, ...withoutName } = BANK_ACCOUNT
    const missing = await bind(alice.token, { ...withoutName, draw_id: currencyIds.USD })
    expect(missing.status).toBe(200)
    expect(missing.body).toMatchObject({ reason: 'invalid_input', msg: 'Please check the field: bank name' })
  })

  it('refuses the same address or account twice for one currency', async () => {
    const again = await bind(alice.token, {
      type: 1,
      draw_id: currencyIds['USDT-TRC20'],
      dc_address: TRON_ADDRESS,
    })
    expect(again.body).toMatchObject({ code: 0, reason: 'method_duplicate' })
    const otherCase = await bind(alice.token, {
      type: 1,
      draw_id: currencyIds['USDT-ERC20'],
      dc_address: EIP55_ADDRESS.toLowerCase(),
    })
    expect(otherCase.body.reason).toBe('method_duplicate')
    const spaced = await bind(alice.token, {
      ...BANK_ACCOUNT,
      payee_account: '0532 0130 00',
      draw_id: currencyIds.EUR,
    })
    expect(spaced.body.reason).toBe('method_duplicate')
    // The same address for another currency, or for another user, is a different method.
    const otherCurrency = await bind(alice.token, {
      type: 1,
      draw_id: currencyIds['ETH-ERC20'],
      dc_address: EIP55_ADDRESS,
    })
    expect(otherCurrency.body.code).toBe(1)
    const otherUser = await bind(bob.token, {
      type: 1,
      draw_id: currencyIds['USDT-TRC20'],
      dc_address: TRON_ADDRESS,
    })
    expect(otherUser.body.code).toBe(1)
  })

  it(`holds at most ${MAX_PAYOUT_METHODS} live methods per user`, async () => {
    const carol = await realUser()
    for (let i = 0; i < MAX_PAYOUT_METHODS; i++) {
      const answer = await bind(carol.token, {
        type: 1,
        draw_id: currencyIds['ETH-ERC20'],
        dc_address: randomEvmAddress(),
      })
      expect(answer.body.code).toBe(1)
    }
    const over = await bind(carol.token, {
      type: 1,
      draw_id: currencyIds['ETH-ERC20'],
      dc_address: randomEvmAddress(),
    })
    expect(over.body).toMatchObject({
      code: 0,
      reason: 'method_limit',
      msg: `You can save at most ${MAX_PAYOUT_METHODS} payout methods. Delete one first`,
    })
    const [first] = (await methods(carol.token, 'draw_type=1')).body.data
    expect((await del(carol.token, first.id)).body.code).toBe(1)
    const afterDelete = await bind(carol.token, {
      type: 1,
      draw_id: currencyIds['ETH-ERC20'],
      dc_address: randomEvmAddress(),
    })
    expect(afterDelete.body.code).toBe(1)
  })

  it('lets concurrent binds pass neither the cap nor the duplicate check', async () => {
    const dave = await realUser()
    const distinct = await Promise.all(
      Array.from({ length: MAX_PAYOUT_METHODS + 10 }, () =>
        bind(dave.token, { type: 1, draw_id: currencyIds['ETH-ERC20'], dc_address: randomEvmAddress() }),
      ),
    )
    expect(distinct.filter((a) => a.body.code === 1)).toHaveLength(MAX_PAYOUT_METHODS)
    expect(distinct.filter((a) => a.body.code !== 1).every((a) => a.body.reason === 'method_limit')).toBe(
      true,
    )

    const erin = await realUser()
    const same = await Promise.all(
      Array.from({ length: 8 }, () =>
        bind(erin.token, { type: 1, draw_id: currencyIds['USDT-TRC20'], dc_address: TRON_ADDRESS }),
      ),
    )
    expect(same.filter((a) => a.body.code === 1)).toHaveLength(1)
    const live = await app.db
      .select()
      .from(payoutMethods)
      .where(and(eq(payoutMethods.userId, erin.userId), isNull(payoutMethods.deletedAt)))
    expect(live).toHaveLength(1)
  })

  it("answers another user's method id as an unknown one, and leaves it alone", async () => {
    const [aliceTron] = (await methods(alice.token, `draw_type=1&draw_id=${currencyIds['USDT-TRC20']}`)).body
      .data
    const byBob = await del(bob.token, aliceTron.id)
    const unknown = await del(bob.token, 2_000_000_000)
    expect(byBob.body).toMatchObject({ code: 0, reason: 'method_not_found' })
    expect(byBob.body).toEqual(unknown.body)
    expect(await payoutMethodFor(app.db, alice.userId, aliceTron.id, 1)).toBeDefined()
    expect(await payoutMethodFor(app.db, bob.userId, aliceTron.id, 1)).toBeUndefined()
    expect(await payoutMethodFor(app.db, alice.userId, aliceTron.id, 2)).toBeUndefined()
  })

  it('keeps a method while a withdrawal to it waits, and deletes it softly afterwards', async () => {
    const [method] = (await methods(alice.token, `draw_type=2&draw_id=${currencyIds.EUR}`)).body.data
    const [withdrawal] = await app.db
      .insert(withdrawals)
      .values({
        userId: alice.userId,
        type: 2,
        withdrawCurrencyId: currencyIds.EUR as number,
        payoutMethodId: method.id,
        amount: '100',
        fee: '0.1',
        received: '92.5',
        usdPrice: '1.08',
        status: 0,
      })
      .returning({ id: withdrawals.id })
    const refused = await del(alice.token, method.id)
    expect(refused.body).toMatchObject({
      code: 0,
      reason: 'method_in_use',
      msg: 'A withdrawal to this payout method is in progress, so it cannot be deleted yet',
    })
    expect((await methods(alice.token, 'draw_type=2')).body.data.map((m: { id: number }) => m.id)).toContain(
      method.id,
    )

    await app.db.update(withdrawals).set({ status: 1 }).where(eq(withdrawals.id, withdrawal!.id))
    const deleted = await del(alice.token, method.id)
    expect(deleted.body).toMatchObject({ code: 1, msg: 'Payout method deleted' })
    expect(
      (await methods(alice.token, 'draw_type=2')).body.data.map((m: { id: number }) => m.id),
    ).not.toContain(method.id)
    const [row] = await app.db.select().from(payoutMethods).where(eq(payoutMethods.id, method.id))
    expect(row?.deletedAt).toBeInstanceOf(Date)
    expect(await payoutMethodFor(app.db, alice.userId, method.id, 2)).toBeUndefined()
    expect((await del(alice.token, method.id)).body.reason).toBe('method_not_found')
  })

  it('refuses demo accounts and visitors on every call', async () => {
    const calls = [
      () => app.get('/api/account/draw_symbol_list?type=1', { token: demo.token }),
      () => app.get('/api/wallet/get_draw_method?draw_type=1', { token: demo.token }),
      () =>
        app.post(
          '/api/wallet/bind_draw_method',
          { type: 1, draw_id: currencyIds['USDT-TRC20'], dc_address: TRON_ADDRESS },
          { token: demo.token },
        ),
      () => app.post('/api/wallet/del_draw_method', { id: 1 }, { token: demo.token }),
    ]
    for (const call of calls) {
      expect((await call()).body).toMatchObject({
        code: 0,
        reason: 'demo_forbidden',
        msg: 'Please register or log in to a real account',
      })
    }
    const visitor = await app.get('/api/wallet/get_draw_method?draw_type=1')
    expect(visitor.body.code).toBe(999)
    expect(await app.db.select().from(payoutMethods).where(eq(payoutMethods.userId, demo.userId))).toEqual([])
  })

  it('answers malformed input with code 0 invalid_input (HTTP 200) naming the field', async () => {
    const id = currencyIds['USDT-TRC20']
    const cases: [() => Promise<Answer>, string][] = [
      [() => app.get('/api/account/draw_symbol_list?type=3', { token: alice.token }), 'type'],
      [() => app.get('/api/account/draw_symbol_list', { token: alice.token }), 'type'],
      [() => app.get('/api/wallet/get_draw_method?draw_type=1e0', { token: alice.token }), 'draw_type'],
      [
        () => app.get('/api/wallet/get_draw_method?draw_type=1&draw_id=0x1', { token: alice.token }),
        'draw_id',
      ],
      [() => bind(alice.token, { type: 'coin', draw_id: id, dc_address: TRON_ADDRESS }), 'type'],
      [() => bind(alice.token, { type: 1, draw_id: '-1', dc_address: TRON_ADDRESS }), 'draw_id'],
      [() => bind(alice.token, { type: 1, draw_id: id, dc_address: '' }), 'dc_address'],
      [() => bind(alice.token, { type: 1, draw_id: id, dc_address: 'T'.repeat(129) }), 'dc_address'],
      [
        () => bind(alice.token, { type: 1, draw_id: id, dc_address: TRON_ADDRESS, remark: 'x'.repeat(201) }),
        'remark',
      ],
      [
        () => bind(alice.token, { type: 1, draw_id: id, dc_address: [TRON_ADDRESS, TRON_ADDRESS] }, true),
        'dc_address',
      ],
      [
        () => bind(alice.token, { ...BANK_ACCOUNT, draw_id: currencyIds.USD, payee_name: 'a\u0007b' }),
        'payee_name',
      ],
      [() => bind(alice.token, { ...BANK_ACCOUNT, draw_id: currencyIds.USD, currency: 'EURO' }), 'currency'],
      [
        () => bind(alice.token, { ...BANK_ACCOUNT, draw_id: currencyIds.USD, payee_account: '<acct>' }),
        'payee_account',
      ],
      [() => del(alice.token, 'abc'), 'id'],
      [() => del(alice.token, '99999999999'), 'id'],
    ]
    for (const [call, field] of cases) {
      const answer = noServerError(await call())
      expect(answer.status, field).toBe(200)
      expect(answer.body.reason).toBe('invalid_input')
      expect(answer.body.msg).toMatch(/^Please check the field: /)
      expect(answer.body.msg).not.toContain('field.')
    }
  })
})
