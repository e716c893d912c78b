import { Writable } from 'node:stream'
import { count, eq, sum } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accounts, ledger, orders } from '../src/db/schema.ts'
import { ledgerMatchesBalance } from '../src/trading/ledger.ts'
import { registerAndLogin } from './accounts.ts'
import { DRIVERS, startTestApp, type TestApp } from './harness.ts'
import { RawJson, isEnvelope, json, urlEncoded, type Scalar, type Value } from './fuzz-encoding.ts'

/**
 * Throws generated payloads at the auth and order calls of the real app and checks three things of
 * every answer: never a 5xx, always the envelope, and a refused call (any code but 1) changes no
 * balance, ledger or order. Payloads mix plausible values with hostile ones: NUL bytes, any Unicode
 * (lone surrogates too), huge strings, integer edges, arrays for scalars, odd keys, missing fields.
 */

/** Batches of payloads per driver; each batch runs in order, one payload at a time. */
const BATCHES = 300
const PAYLOADS_PER_BATCH = 10
const PAYLOADS = BATCHES * PAYLOADS_PER_BATCH

/** Numbers as text that a lenient reader would take: each must be refused or read exactly. */
const NUMBER_TEXT_EDGES = [
  '0',
  '-1',
  '2147483647',
  '2147483648',
  '9007199254740992',
  '1e309',
  '-1e309',
  '0x10',
  '1.',
  '.5',
  ' 1 ',
  '+1',
  '-0',
  '01',
  '1e3',
  'NaN',
  'Infinity',
  '',
  '１',
  '٣',
  '1_000',
]
const JSON_NUMBER_EDGES: Scalar[] = [
  0,
  -1,
  2 ** 31 - 1,
  2 ** 31,
  2 ** 53,
  -(2 ** 53),
  0.1,
  1.5,
  new RawJson('1e309'),
  new RawJson('-1e309'),
  new RawJson('-0'),
  new RawJson('1E2'),
]
const HOSTILE_TEXT = [
  '\0',
  'a\0b',
  '%00',
  '\u202e',
  '\ud800',
  '𝟘',
  '😀',
  "'; drop table users; --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '${7*7}',
  'true',
  'null',
  '[]',
  '{}',
]

const hostileScalar: fc.Arbitrary<Scalar> = fc.oneof(
  { arbitrary: fc.constantFrom(...NUMBER_TEXT_EDGES), weight: 4 },
  { arbitrary: fc.constantFrom(...JSON_NUMBER_EDGES), weight: 2 },
  { arbitrary: fc.constantFrom(...HOSTILE_TEXT), weight: 2 },
  // Any code point, lone surrogates included, and whole grapheme clusters.
  { arbitrary: fc.string({ unit: 'binary', maxLength: 24 }), weight: 2 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 24 }), weight: 1 },
  { arbitrary: fc.string({ maxLength: 12 }).map((s) => `${s}\0${s}`), weight: 1 },
  { arbitrary: fc.constantFrom(null, true, false), weight: 1 },
  // Past the column widths; and past Node's 16 KB request line and the 64 KB body limit.
  { arbitrary: fc.integer({ min: 300, max: 5_000 }).map((n) => '9'.repeat(n)), weight: 1 },
  { arbitrary: fc.integer({ min: 17_000, max: 70_000 }).map((n) => 'x'.repeat(n)), weight: 1 },
)

const hostileValue: fc.Arbitrary<Value> = fc.oneof(
  { arbitrary: hostileScalar, weight: 6 },
  // `a=1&a=2` in a query or form; an array in JSON.
  { arbitrary: fc.array(hostileScalar, { minLength: 2, maxLength: 3 }), weight: 1 },
  {
    arbitrary: fc.dictionary(fc.constantFrom('a', 'id', '__proto__'), hostileScalar, { maxKeys: 2 }),
    weight: 1,
  },
)

const oddKey = fc.oneof(
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    'toString',
    'a\0b',
    '',
    'id[]',
    'a.b',
    '日本',
    'x'.repeat(200),
  ),
  fc.string({ maxLength: 10 }),
)

type Encoding = 'query' | 'form' | 'json' | 'broken-json' | 'text' | 'none'

interface CallSpec {
  method: 'GET' | 'POST'
  path: string
  /** Whose token a signed-in call carries: the demo account trades, the registered one has a password. */
  token?: 'demo' | 'registered'
  /** Each field with the plausible values that reach past the schema into the service. */
  fields: Record<string, fc.Arbitrary<Value>>
  /** Whole requests that should succeed, where fields depend on each other (an instrument's leverage). */
  valid?: fc.Arbitrary<{ [key: string]: Value }>
}

/** One generated request. Its call is named by method and path (the spec holds arbitraries). */
interface Payload {
  call: string
  fields: { [key: string]: Value }
  encoding: Encoding
  auth: 'token' | 'bearer' | 'none' | 'garbage'
  lang: string
  /** Submit's retry key (issue 8): absent, plausible, or odd printable text up to 8 KB. */
  idempotencyKey?: string
}

/** Header values: printable ASCII only (fetch refuses others, and so does HTTP). */
const headerText = (maxLength: number) =>
  fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength })

// --- encoding ---------------------------------------------------------------------------------

function request(spec: CallSpec, payload: Payload, tokens: Record<'demo' | 'registered', string>) {
  const headers: Record<string, string> = {}
  if (payload.lang) headers.lang = payload.lang
  if (payload.idempotencyKey !== undefined) headers['idempotency-key'] = payload.idempotencyKey
  const token = tokens[spec.token ?? 'registered']
  if (payload.auth === 'token') headers.authorization = token
  if (payload.auth === 'bearer') headers.authorization = `Bearer ${token}`
  if (payload.auth === 'garbage') headers.authorization = `${token.slice(0, 20)}!!`
  let query = ''
  let body: string | undefined
  switch (payload.encoding) {
    case 'query':
      query = `?${urlEncoded(payload.fields)}`
      break
    case 'form':
      headers['content-type'] = 'application/x-www-form-urlencoded'
      body = urlEncoded(payload.fields)
      break
    case 'json':
      headers['content-type'] = 'application/json'
      body = json(payload.fields)
      break
    case 'broken-json':
      headers['content-type'] = 'application/json'
      body = `${json(payload.fields)}}`
      break
    case 'text':
      headers['content-type'] = 'text/plain'
      body = urlEncoded(payload.fields)
      break
    case 'none':
      break
  }
  return { url: `${spec.path}${query}`, init: { method: spec.method, headers, body } }
}

// --- checks -----------------------------------------------------------------------------------

const describePayload = (p: Payload) =>
  JSON.stringify(p, (_k, v: unknown) =>
    v instanceof RawJson
      ? `raw:${v.text}`
      : typeof v === 'string' && v.length > 120
        ? `${v.slice(0, 40)}…(${v.length} chars)`
        : v,
  )

describe.each(DRIVERS)('fuzzing the auth and order calls (%s)', (driver) => {
  let app: TestApp
  const tokens = { demo: '', registered: '' }
  const serverErrors: string[] = []
  const codes = new Map<string, number>()
  let demoUserId = 0
  let registeredEmail = ''
  let orderIds: number[] = []
  let instrumentIds: number[] = []
  let leverages: string[] = []
  let leverageById = new Map<number, string[]>()

  /** Everything a refused call must leave alone, in one comparable string. */
  async function moneyState(): Promise<string> {
    await app.desk.settle()
    const [ledgerRows] = await app.db.select({ n: count() }).from(ledger)
    const [orderRows] = await app.db.select({ n: count() }).from(orders)
    const [totals] = await app.db
      .select({ balance: sum(accounts.balance), frozen: sum(accounts.frozen) })
      .from(accounts)
    const [demo] = await app.db.select().from(accounts).where(eq(accounts.userId, demoUserId))
    return JSON.stringify({ ledgerRows, orderRows, totals, demo })
  }

  beforeAll(async () => {
    const lines = new Writable({
      write(chunk, _encoding, done) {
        serverErrors.push(String(chunk).slice(0, 2_000))
        done()
      },
    })
    app = await startTestApp(driver, {
      historyCandles: 20,
      app: { logger: { level: 'error', stream: lines } },
    })
    // A Wednesday noon: forex is open whatever day the test runs on.
    const wednesday = new Date(app.clock.now().getTime() + 24 * 3600_000)
    wednesday.setUTCHours(12, 0, 0, 0)
    while (wednesday.getUTCDay() !== 3) wednesday.setUTCDate(wednesday.getUTCDate() + 1)
    app.clock.set(wednesday.getTime())
    const prices = {
      BTCUSD: { bid: 65_000, ask: 65_030 },
      ETHUSD: { bid: 3_300, ask: 3_302 },
      EURUSD: { bid: 1.085, ask: 1.0851 },
      USDJPY: { bid: 151.5, ask: 151.512 },
    }
    for (const [code, quote] of Object.entries(prices)) app.tick({ code, ...quote })
    await app.desk.settle()
    const defs = Object.keys(prices).map((code) => app.market.instrumentByCode(code)!)
    instrumentIds = defs.map((def) => def.id)
    leverageById = new Map(defs.map((def) => [def.id, def.leverage.map((option) => String(option.Value))]))
    leverages = [...new Set([...leverageById.values()].flat())]

    const demo = await app.get(`/api/user/createAccountDemoForU?demo_id=fuzz-${driver}-watched`)
    tokens.demo = demo.body.data.token
    demoUserId = demo.body.data.user.id
    const registered = await registerAndLogin(app)
    tokens.registered = registered.token
    registeredEmail = registered.email
    // Real orders, so that generated ids also hit orders that exist: one holding, one pending.
    const btc = instrumentIds[0]
    const holding = await app.get(
      `/v1/api/forex/submit?forex_id=${btc}&type=1&cont=0.01&status=1&multiple=${leverages[0]}`,
      {
        token: tokens.demo,
      },
    )
    const pending = await app.get(
      `/v1/api/forex/submit?forex_id=${btc}&type=1&cont=0.01&status=0&target_price=60000&multiple=${leverages[0]}`,
      { token: tokens.demo },
    )
    expect([holding.body, pending.body], JSON.stringify([holding.body, pending.body])).toMatchObject([
      { code: 1 },
      { code: 1 },
    ])
    orderIds = [holding.body.data.id, pending.body.data.id]
    expect(orderIds.every((id) => Number.isInteger(id))).toBe(true)
  })
  afterAll(() => app?.close())

  it(`answers ${PAYLOADS} generated payloads with the envelope, never a 5xx, and refusals move no money`, async () => {
    // Ids of the orders made in setup, and of the ones that generated submits place.
    const orderId = fc.oneof(
      fc.constantFrom(...orderIds),
      fc.integer({ min: orderIds[0]! - 2, max: orderIds[1]! + 60 }),
    )
    const price = fc.constantFrom('', '', '', '60000', '70000', '3250', '1.08', '151.6', '0', '65000.5')
    const email = fc.constantFrom(registeredEmail, 'someone@example.com', 'UPPER@Example.COM', 'a@b')
    const password = fc.constantFrom('Wrong-pass1', 'short', 'Passw0rd!x', 'x'.repeat(64) + '1')
    const code = fc.constantFrom('123456', '000000', '1')
    const loginType = fc.constantFrom('email', 'mobile')
    const areaId = fc.constantFrom('1', '2', '86', '999')
    const mobile = fc.constantFrom('91234567', '13800138000', '123')
    const purpose = fc.constantFrom('1', '2', 1, 2)
    const specs: CallSpec[] = [
      {
        method: 'POST',
        path: '/api/user/loginForU',
        fields: {
          account: email,
          password,
          login_type: loginType,
          area_id: areaId,
          captcha_id: code,
          captcha_code: code,
        },
      },
      {
        method: 'POST',
        path: '/api/user/register',
        fields: {
          type: loginType,
          area_id: areaId,
          account: email,
          mobile,
          password,
          re_password: password,
          invite_code: fc.constantFrom('ABCDEFGH', ''),
          sms_code: code,
        },
      },
      { method: 'POST', path: '/api/notify/send_email', fields: { to: email, type: purpose } },
      {
        method: 'POST',
        path: '/api/notify/send_sms',
        fields: { to: mobile, area_id: areaId, type: purpose },
      },
      {
        method: 'POST',
        path: '/api/user/forget_password',
        fields: {
          type: loginType,
          area_id: areaId,
          account: email,
          new_password: password,
          secondary_password: password,
          auth_code: code,
        },
      },
      {
        method: 'POST',
        path: '/api/user/amend_password',
        token: 'registered',
        fields: {
          type: fc.constant('email'),
          old_password: password,
          new_password: password,
          re_password: password,
          auth_code: code,
        },
      },
      {
        method: 'GET',
        path: '/api/user/createAccountDemoForU',
        fields: { demo_id: fc.constantFrom('fuzz-device-0001', `fuzz-${driver}-watched`, 'short') },
      },
      {
        method: 'GET',
        path: '/v1/api/forex/submit',
        token: 'demo',
        valid: fc.constantFrom(...instrumentIds).chain((id) =>
          fc.record({
            forex_id: fc.constant(String(id)),
            type: fc.constantFrom('1', '2'),
            cont: fc.constantFrom('0.01', '0.1'),
            status: fc.constant('1'),
            multiple: fc.constantFrom(...leverageById.get(id)!),
          }),
        ),
        fields: {
          forex_id: fc.constantFrom(...instrumentIds.map(String)),
          type: fc.constantFrom('1', '2'),
          cont: fc.constantFrom('0.01', '0.1', '1', '0.001', '1000000'),
          status: fc.constantFrom('1', '1', '0', ''),
          target_price: price,
          stop_loss_price: price,
          target_profit_price: price,
          multiple: fc.constantFrom(...leverages, '0', '3', '10000'),
          client_order_id: fc.constantFrom('c-1', 'c-2', ''),
        },
      },
      { method: 'GET', path: '/v1/api/forex/close', token: 'demo', fields: { id: orderId.map(String) } },
      {
        method: 'GET',
        path: '/v1/api/forex/cancel_trade',
        token: 'demo',
        fields: { id: orderId.map(String) },
      },
      {
        method: 'GET',
        path: '/v1/api/forex/set_stop_price',
        token: 'demo',
        fields: { id: orderId.map(String), stop_loss_price: price, target_profit_price: price },
      },
      {
        method: 'GET',
        path: '/v1/api/forex/my_deal',
        token: 'demo',
        fields: {
          status: fc.constantFrom('0', '1', '3', '4', ''),
          page: fc.constantFrom('1', '2', '1000000'),
          limit: fc.constantFrom('1', '10', '100', '101'),
        },
      },
    ]

    /** Every field plausible, sent as a client would: these reach the services and the engine. */
    const plausibleOf = (spec: CallSpec): fc.Arbitrary<Payload> =>
      fc.record({
        call: fc.constant(`${spec.method} ${spec.path}`),
        fields: spec.valid ?? fc.record(spec.fields),
        encoding: fc.constant<Encoding>(spec.method === 'GET' ? 'query' : 'form'),
        auth: fc.constant('token' as const),
        lang: fc.constant('en'),
      })
    /** Fields plausible, hostile, missing or extra, in any encoding, with or without a token. */
    const hostileOf = (spec: CallSpec): fc.Arbitrary<Payload> =>
      fc.record({
        call: fc.constant(`${spec.method} ${spec.path}`),
        fields: fc
          .tuple(
            fc.dictionary(oddKey, hostileValue, { maxKeys: 2 }),
            fc.record(
              Object.fromEntries(
                Object.entries(spec.fields).map(([name, plausible]) => [
                  name,
                  fc.oneof({ arbitrary: plausible, weight: 3 }, { arbitrary: hostileValue, weight: 2 }),
                ]),
              ),
              { requiredKeys: [] },
            ),
          )
          // Absent keys are left out, never sent as undefined.
          .map(([extra, known]) => ({ ...extra, ...known }) as Payload['fields']),
        encoding:
          spec.method === 'GET'
            ? fc.constant<Encoding>('query')
            : fc.constantFrom<Encoding>(
                'form',
                'form',
                'json',
                'json',
                'broken-json',
                'text',
                'none',
                'query',
              ),
        auth: fc.constantFrom('token', 'token', 'token', 'bearer', 'none', 'garbage'),
        lang: fc.oneof(fc.constantFrom('en', 'hk', 'ar', 'xx', ''), headerText(20)),
        idempotencyKey: fc.option(
          fc.oneof(
            fc.constantFrom('k-1', 'k-2', '', ' '),
            headerText(80),
            fc.integer({ min: 200, max: 8_000 }).map((n) => 'k'.repeat(n)),
          ),
          { nil: undefined },
        ),
      })

    const specByCall = new Map(specs.map((spec) => [`${spec.method} ${spec.path}`, spec]))
    let sent = 0
    async function check(payload: Payload) {
      const spec = specByCall.get(payload.call)!
      const before = await moneyState()
      const { url, init } = request(spec, payload, tokens)
      const response = await fetch(`${app.base}${url}`, init)
      const raw = await response.text()
      sent++
      let body: unknown
      try {
        body = JSON.parse(raw)
      } catch {
        body = raw
      }
      const what = `${describePayload(payload)}\n-> ${response.status} ${raw.slice(0, 300)}\n${serverErrors.slice(-1).join('')}`
      expect(response.status, what).toBeLessThan(500)
      expect(isEnvelope(body), what).toBe(true)
      const answerCode = (body as { code: number }).code
      const key = `${payload.call} ${answerCode}`
      codes.set(key, (codes.get(key) ?? 0) + 1)
      if (answerCode !== 1) expect(await moneyState(), `a refused call changed money: ${what}`).toBe(before)
    }

    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(
            ...specs.map((spec) => ({ arbitrary: plausibleOf(spec), weight: 1 })),
            ...specs.map((spec) => ({ arbitrary: hostileOf(spec), weight: 3 })),
          ),
          {
            minLength: PAYLOADS_PER_BATCH,
            maxLength: PAYLOADS_PER_BATCH,
          },
        ),
        async (batch) => {
          for (const payload of batch) await check(payload)
        },
      ),
      {
        numRuns: BATCHES,
        endOnFailure: true,
        // The failing payload is in the error; fast-check's own report would print the whole batch.
        reporter: (run) => {
          if (run.failed) throw new Error(`seed ${run.seed}: ${String(run.errorInstance)}`.slice(0, 4_000))
        },
      },
    )

    expect(sent).toBeGreaterThanOrEqual(PAYLOADS)
    // The generator reaches past the schemas: some orders really were placed and listed.
    expect(codes.get('GET /v1/api/forex/submit 1') ?? 0).toBeGreaterThan(0)
    expect(codes.get('GET /v1/api/forex/my_deal 1') ?? 0).toBeGreaterThan(0)
    expect(await ledgerMatchesBalance(app.db, demoUserId)).toBe(true)
  }, 180_000)
})
