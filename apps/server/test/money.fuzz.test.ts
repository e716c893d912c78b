import { randomBytes } from 'node:crypto'
import { request as httpRequest } from 'node:http'
import { Writable } from 'node:stream'
import { Decimal } from 'decimal.js'
import { and, count, desc, eq, inArray, ne } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accounts, deposits, ledger, uploads, users, withdrawals } from '../src/db/schema.ts'
import { rejectDeposit } from '../src/money/deposits.ts'
import { ledgerMatchesBalance } from '../src/trading/ledger.ts'
import { approvedDeposit, decidedWithdrawal } from './approvers.ts'
import { registerAndLogin } from './accounts.ts'
import { DRIVERS, startTestApp, type TestApp } from './harness.ts'
import {
  RawJson,
  isEnvelope,
  isScalar,
  json,
  text,
  urlEncoded,
  type Scalar,
  type Value,
} from './fuzz-encoding.ts'

/**
 * Generated requests at the deposit and withdrawal calls (issue 9): plausible values (the channels,
 * uploads, currencies and payout methods that exist, amounts within the limits) mixed with hostile
 * ones (amounts with NaN, exponents, hex, signs, spaces, Unicode digits, 3 decimals; ids at integer
 * edges; proofs of any text, another user's upload, URLs; NUL bytes; arrays for scalars; missing and
 * extra fields), in every encoding and with either method, as the owner, another real user, a demo
 * account or a visitor. Every answer must be the envelope and never a 5xx; a refusal moves no money
 * and adds no row; a withdrawal that succeeds freezes exactly its amount; a deposit request that
 * succeeds credits nothing (staff approval does); nothing succeeds for a demo account or a visitor.
 */

/** Batches of payloads per driver; each batch runs in order, one payload at a time. */
const BATCHES = 200
const PAYLOADS_PER_BATCH = 10
const PAYLOADS = BATCHES * PAYLOADS_PER_BATCH

const TRC20_ADDRESS = 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb'
/** A second valid TRC20 address, for a method bound and then deleted. */
const OTHER_TRC20_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'

// --- values -----------------------------------------------------------------------------------

/** USD amounts the schema takes (at most 2 decimals); most are within the limits, some just past. */
const GOOD_AMOUNTS = ['10', '10.5', '10.01', '25.50', '99.99', '100', '250', '9.99', '50000.01', '1000000.01']
/** Amounts as text that a lenient reader would take: each must be refused or read exactly. */
const ODD_AMOUNTS = [
  'NaN',
  '-NaN',
  'Infinity',
  '-Infinity',
  '1e3',
  '1E2',
  '1e-2',
  '0x10',
  '0X1A',
  '0b101',
  '0o17',
  '-10',
  '+10',
  '- 10',
  ' 10',
  ' 10 ',
  '\t10\n',
  '1 0',
  '10,00',
  '10.',
  '.50',
  '010',
  '00010.5',
  '10.001',
  '25.505',
  '0.001',
  '0',
  '0.00',
  '-0',
  '１０',
  '١٠',
  '१००',
  '𝟏𝟎',
  '10\u00a0',
  '\u200b10',
  '1_000',
  '99999999999',
  '9'.repeat(400),
  `1${'0'.repeat(30)}`,
  `0.${'0'.repeat(30)}1`,
  '',
]
const JSON_AMOUNTS: Scalar[] = [
  10,
  10.5,
  100,
  1e21,
  5e-324,
  new RawJson('1e309'),
  new RawJson('-1e309'),
  new RawJson('10.000'),
  new RawJson('1E2'),
  new RawJson('-0'),
]
/** Ids at the integer edges, as text and as JSON numbers. */
const ID_EDGES: Scalar[] = [
  '0',
  '-1',
  '2147483647',
  '2147483648',
  '9007199254740993',
  '1.0',
  '01',
  '1e0',
  '0x1',
  ' 1',
  '+1',
  '',
  0,
  -1,
  2 ** 31 - 1,
  2 ** 31,
  2 ** 53,
  1.5,
  new RawJson('1e309'),
  new RawJson('1.0'),
  new RawJson('-0'),
]
const HOSTILE_TEXT = [
  '\0',
  'a\0b',
  '%00',
  '\u202e',
  '\ud800',
  '😀',
  "'; drop table withdrawals; --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '${7*7}',
  'true',
  'null',
  '[]',
  '{}',
]

const amount: fc.Arbitrary<Value> = fc.oneof(
  { arbitrary: fc.constantFrom(...GOOD_AMOUNTS), weight: 4 },
  // Plausible amounts with cents: these reach the limits and the balance.
  {
    arbitrary: fc
      .tuple(fc.integer({ min: 10, max: 300 }), fc.integer({ min: 0, max: 99 }))
      .map(([whole, cents]) => `${whole}.${String(cents).padStart(2, '0')}`),
    weight: 3,
  },
  { arbitrary: fc.constantFrom(...ODD_AMOUNTS), weight: 4 },
  { arbitrary: fc.constantFrom(...JSON_AMOUNTS), weight: 1 },
  // Three decimals, huge and tiny values, NaN and exponents as JavaScript prints doubles.
  {
    arbitrary: fc
      .tuple(fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 1, max: 999 }))
      .map(([whole, part]) => `${whole}.${String(part).padStart(3, '0')}`),
    weight: 1,
  },
  { arbitrary: fc.double().map(String), weight: 1 },
  // Digits from any script, signs, spaces, exponents and separators in any order.
  { arbitrary: fc.stringMatching(/^[-+ 0-9０-９٠-٩.,eEx_]{1,14}$/), weight: 1 },
)

/** Amounts that mostly pass the schema, so that requests reach the limits, the balance and the desk. */
const plausibleAmount: fc.Arbitrary<Value> = fc.oneof(
  { arbitrary: amount, weight: 1 },
  { arbitrary: fc.constantFrom(...GOOD_AMOUNTS), weight: 2 },
)

const hostileScalar: fc.Arbitrary<Scalar> = fc.oneof(
  { arbitrary: fc.constantFrom(...ID_EDGES), weight: 3 },
  { arbitrary: fc.constantFrom(...HOSTILE_TEXT), weight: 2 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 24 }), weight: 2 },
  { arbitrary: fc.string({ maxLength: 12 }).map((s) => `${s}\0${s}`), weight: 1 },
  { arbitrary: fc.constantFrom(null, true, false), weight: 1 },
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
    'toString',
    'a\0b',
    '',
    'number[]',
    'user_id',
    'userId',
    '日本',
  ),
  fc.string({ maxLength: 10 }),
)

// --- requests ---------------------------------------------------------------------------------

type Who = 'owner' | 'other' | 'demo' | 'visitor'
type Encoding = 'query' | 'form' | 'json' | 'broken-json' | 'text' | 'none'

interface CallSpec {
  method: 'GET' | 'POST'
  path: string
  /** Each field with the plausible values that reach past the schema into the service. */
  fields: Record<string, fc.Arbitrary<Value>>
  /** Whole requests that can succeed, where fields depend on each other (a method and its currency). */
  valid?: (who: Who) => fc.Arbitrary<{ [key: string]: Value }>
}

interface Payload {
  /** The call as `METHOD path`; `method` is what was sent (a GET call posted, a POST one got). */
  call: string
  method: 'GET' | 'POST'
  fields: { [key: string]: Value }
  encoding: Encoding
  who: Who
  /** How the caller's token is sent; a visitor sends none or a forged one. */
  auth: 'token' | 'bearer' | 'none' | 'garbage'
  lang: string
}

function send(url: string, method: string, headers: Record<string, string>, body?: string) {
  return new Promise<{ status: number; raw: string }>((resolve, reject) => {
    const outgoing = httpRequest(url, { method, headers }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, raw: Buffer.concat(chunks).toString('utf8') }),
      )
      response.on('error', reject)
    })
    outgoing.on('error', reject)
    outgoing.end(body)
  })
}

const describePayload = (p: Payload) =>
  JSON.stringify(p, (_k, v: unknown) =>
    v instanceof RawJson
      ? `raw:${v.text}`
      : typeof v === 'string' && v.length > 120
        ? `${v.slice(0, 40)}…(${v.length} chars)`
        : v,
  )

/** The text the server receives in `name`: forms and queries carry text, JSON keeps its types. */
function sentText(payload: Payload, name: string): string | undefined {
  const value = payload.fields[name]
  if (value === undefined || !isScalar(value)) return undefined
  if (payload.encoding !== 'json') return text(value)
  return typeof value === 'string' ? value : undefined
}

/** The USD amount a strict reader takes from `payload.number` (2 decimals at most), or undefined. */
function strictAmount(payload: Payload): Decimal | undefined {
  const trimmed = sentText(payload, 'number')?.trim()
  return trimmed !== undefined && /^\d{1,10}(\.\d{1,2})?$/.test(trimmed) ? new Decimal(trimmed) : undefined
}

// --- the test ---------------------------------------------------------------------------------

describe.each(DRIVERS)('fuzzing the deposit and withdrawal calls (%s)', (driver) => {
  let app: TestApp
  const tokens: Record<Who, string> = { owner: '', other: '', demo: '', visitor: '' }
  const userIds: Record<Who, number> = { owner: 0, other: 0, demo: 0, visitor: 0 }
  const uploadIds: Partial<Record<Who, string>> = {}
  const methodIds: { owner: number[]; other: number[]; deleted: number[] } = {
    owner: [],
    other: [],
    deleted: [],
  }
  let currencyIds: number[] = []
  /** The currency of every bound method: USDT on TRC20. */
  let trc20Id = 0
  let channels: { id: number; address: string }[] = []
  let bankCurrencyIds: number[] = []
  const bankAccountIds: number[] = []
  const serverErrors: string[] = []

  /** Balances of every account and the row counts a call may change, in one comparable form. */
  async function moneyState() {
    await app.desk.settle()
    const [balances, [ledgerRows], [depositRows], [withdrawalRows]] = await Promise.all([
      app.db
        .select({ userId: accounts.userId, balance: accounts.balance, frozen: accounts.frozen })
        .from(accounts)
        .orderBy(accounts.userId),
      app.db.select({ n: count() }).from(ledger),
      app.db.select({ n: count() }).from(deposits),
      app.db.select({ n: count() }).from(withdrawals),
    ])
    return {
      balances,
      ledger: ledgerRows?.n ?? 0,
      deposits: depositRows?.n ?? 0,
      withdrawals: withdrawalRows?.n ?? 0,
    }
  }
  type MoneyState = Awaited<ReturnType<typeof moneyState>>

  /** A proof image of `userId` (the upload call has its own tests: the row is what deposits check). */
  async function proof(userId: number) {
    const id = randomBytes(16).toString('base64url')
    await app.db
      .insert(uploads)
      .values({ id, userId, contentType: 'image/jpeg', bytes: 1000, width: 10, height: 10 })
    return id
  }

  /** A registered user with `amount` deposited and approved, a proof image and a TRC20 payout method. */
  async function fundedUser(who: 'owner' | 'other', amount: string) {
    const { token, user } = await registerAndLogin(app)
    tokens[who] = token
    userIds[who] = user.id as number
    // The funding deposit has a proof of its own: the one the generator sends is still unused.
    const upload = await proof(user.id)
    uploadIds[who] = await proof(user.id)
    const submitted = await app.get(
      `/api/quickCharge/submit?number=${amount}&proofImg=${upload}&charge_id=${channels[0]!.id}`,
      { token },
    )
    expect(submitted.body).toMatchObject({ code: 1 })
    const [row] = await app.db.select().from(deposits).where(eq(deposits.userId, user.id))
    await approvedDeposit(app, row!.id)
    const symbols = (await app.get('/api/account/draw_symbol_list?type=1', { token })).body.data
    const usdt = symbols.find((s: { label: string }) => s.label === 'USDT-TRC20')
    trc20Id = usdt.id
    for (const dcAddress of [TRC20_ADDRESS, OTHER_TRC20_ADDRESS]) {
      const bound = await app.post(
        '/api/wallet/bind_draw_method',
        { type: 1, draw_id: usdt.id, dc_address: dcAddress },
        { token },
      )
      expect(bound.body).toMatchObject({ code: 1 })
    }
    const [kept, deleted] = (await app.get('/api/wallet/get_draw_method?draw_type=1', { token })).body.data
      .map((m: { id: number }) => m.id)
      .sort((a: number, b: number) => a - b)
    expect((await app.post('/api/wallet/del_draw_method', { id: deleted }, { token })).body.code).toBe(1)
    methodIds[who].push(kept)
    methodIds.deleted.push(deleted)
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
    const demo = (await app.get(`/api/user/createAccountDemoForU?demo_id=fuzz-money-${driver}`)).body.data
    tokens.demo = demo.token
    userIds.demo = demo.user.id
    const reader = await registerAndLogin(app)
    channels = (await app.get('/api/quickCharge/info', { token: reader.token })).body.data
    bankCurrencyIds = (await app.get('/api/quickCharge/symbols', { token: reader.token })).body.data.map(
      (c: { id: number }) => c.id,
    )
    for (const id of bankCurrencyIds) {
      const accountsIn = (
        await app.get(`/api/quickCharge/wire_info?bank_coin=${id}`, { token: reader.token })
      ).body.data
      bankAccountIds.push(...accountsIn.map((a: { id: number }) => a.id))
    }
    const symbols = [1, 2].map(async (type) => {
      const list = (await app.get(`/api/account/draw_symbol_list?type=${type}`, { token: reader.token })).body
        .data
      return list.map((s: { id: number }) => s.id) as number[]
    })
    currencyIds = (await Promise.all(symbols)).flat()
    expect([channels.length, bankAccountIds.length, currencyIds.length].every((n) => n > 0)).toBe(true)
    await fundedUser('owner', '20000')
    await fundedUser('other', '5000')
  })
  afterAll(() => app?.close())

  it(`answers ${PAYLOADS} generated payloads with the envelope, never a 5xx, and refusals move no money`, async () => {
    const ids = (known: number[]) =>
      fc.oneof(
        { arbitrary: fc.constantFrom<Value>(...known, ...known.map(String)), weight: 6 },
        { arbitrary: fc.constantFrom(...ID_EDGES), weight: 2 },
        { arbitrary: fc.integer({ min: 1, max: 40 }).map<Value>(String), weight: 1 },
      )
    const ownUpload = uploadIds.owner!
    const otherUpload = uploadIds.other!
    const proofImg = fc.oneof(
      { arbitrary: fc.constantFrom<Value>(ownUpload, otherUpload), weight: 4 },
      {
        arbitrary: fc.constantFrom<Value>(
          `/api/common/upload/${ownUpload}`,
          `${app.base}/api/common/upload/${ownUpload}?expires=1&sig=x`,
          `${app.base}/api/common/upload/${otherUpload}?expires=99999999999&sig=forged`,
          `https://evil.example/api/common/upload/${otherUpload}`,
          `http://127.0.0.1/api/common/upload/${ownUpload}#x`,
          `/api/common/upload/${ownUpload}/../${otherUpload}`,
          `/api/common/upload/${ownUpload}\0`,
          ` ${ownUpload} `,
          `${ownUpload}%00`,
          ownUpload.toLowerCase(),
          `${ownUpload},${otherUpload}`,
          'javascript:alert(1)',
          'data:image/png;base64,iVBORw0KGgo=',
          'file:///etc/passwd',
          'A'.repeat(22),
          'x'.repeat(2001),
        ),
        weight: 3,
      },
      { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 1 },
      { arbitrary: fc.webUrl().map<Value>((url) => `${url}/api/common/upload/${otherUpload}`), weight: 1 },
    )
    /** Mostly the caller's own upload or method (the owner's for a demo account or a visitor), some the other's. */
    const mostlyOwn = <T extends Value>(who: Who, own: { owner: T; other: T }) =>
      fc.constantFrom<Value>(
        ...(who === 'other'
          ? [own.other, own.other, own.other, own.owner]
          : [own.owner, own.owner, own.owner, own.other]),
      )
    const ownUploadOf = (who: Who) => mostlyOwn(who, { owner: ownUpload, other: otherUpload })
    const ownMethodOf = (who: Who) =>
      mostlyOwn(who, { owner: methodIds.owner[0]!, other: methodIds.other[0]! })
    const address = fc.constantFrom<Value>(
      '',
      ...channels.map((c) => c.address),
      ` ${channels[0]!.address} `,
      channels[0]!.address.toLowerCase(),
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    )
    const page = fc.constantFrom<Value>('1', '2', 1, '1000000', '1000001', '0')
    const limit = fc.constantFrom<Value>('1', '10', '100', '101', '0')
    const memo = fc.constantFrom<Value>('', 'rent', 'line\nbreak', '\u0007', 'x'.repeat(201), '  ', '𝟘😀')
    const specs: CallSpec[] = [
      { method: 'GET', path: '/api/quickCharge/info', fields: {} },
      { method: 'GET', path: '/api/quickCharge/symbols', fields: {} },
      { method: 'GET', path: '/api/quickCharge/wire_info', fields: { bank_coin: ids(bankCurrencyIds) } },
      {
        method: 'GET',
        path: '/api/quickCharge/submit',
        fields: { number: amount, proofImg, address, charge_id: ids(channels.map((c) => c.id)) },
        valid: (who) =>
          fc.constantFrom(...channels).chain((channel) =>
            fc.record({
              number: plausibleAmount,
              proofImg: ownUploadOf(who),
              address: fc.constantFrom<Value>('', channel.address),
              charge_id: fc.constant(channel.id),
            }),
          ),
      },
      {
        method: 'GET',
        path: '/api/quickCharge/wire_submit',
        fields: { number: amount, proofImg, wire_id: ids(bankAccountIds) },
        valid: (who) =>
          fc.record({
            number: plausibleAmount,
            proofImg: ownUploadOf(who),
            wire_id: fc.constantFrom<Value>(...bankAccountIds),
          }),
      },
      {
        method: 'GET',
        path: '/api/quickCharge/quick_ist',
        fields: { type: fc.constantFrom<Value>('0', '1', 0, 1, '2'), page, limit },
      },
      {
        method: 'POST',
        path: '/api/account/draw',
        fields: {
          draw_currency_id: ids(currencyIds),
          number: amount,
          memo,
          draw_method_id: ids([...methodIds.owner, ...methodIds.other, ...methodIds.deleted]),
        },
        valid: (who) =>
          fc.record({
            draw_currency_id: fc.constant(trc20Id),
            number: plausibleAmount,
            memo,
            draw_method_id: ownMethodOf(who),
          }),
      },
      {
        method: 'GET',
        path: '/api/account/draw_list',
        fields: { type: fc.constantFrom<Value>('1', '2', 1, 2, '0', '3'), page, limit },
      },
    ]
    const callers = {
      who: fc.constantFrom<Who>('owner', 'owner', 'owner', 'other', 'demo', 'visitor'),
      lang: fc.constantFrom('en', 'hk', 'ar', 'xx', ''),
    }
    /** Every field plausible, sent as the client sends it: these reach the services and the desk. */
    const plausibleOf = (spec: CallSpec): fc.Arbitrary<Payload> =>
      callers.who.chain((who) =>
        fc.record({
          call: fc.constant(`${spec.method} ${spec.path}`),
          method: fc.constant(spec.method),
          fields: spec.valid?.(who) ?? fc.record(spec.fields),
          encoding: fc.constant<Encoding>(spec.method === 'GET' ? 'query' : 'form'),
          auth: fc.constant('token' as const),
          who: fc.constant(who),
          lang: callers.lang,
        }),
      )
    /** Fields plausible, hostile, missing or extra, in any encoding and method, with any token. */
    const hostileOf = (spec: CallSpec): fc.Arbitrary<Payload> =>
      fc.record({
        call: fc.constant(`${spec.method} ${spec.path}`),
        method: fc.constantFrom(
          spec.method,
          spec.method,
          spec.method,
          spec.method === 'GET' ? 'POST' : 'GET',
        ),
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
        encoding: fc.constantFrom<Encoding>(
          'query',
          'query',
          'form',
          'form',
          'json',
          'json',
          'broken-json',
          'text',
          'none',
        ),
        auth: fc.constantFrom('token', 'token', 'token', 'bearer', 'none', 'garbage'),
        ...callers,
      })

    function requestOf(payload: Payload) {
      const headers: Record<string, string> = {}
      if (payload.lang) headers.lang = payload.lang
      const token = tokens[payload.who]
      // A visitor has no token: it sends none, or a forged one.
      if (payload.who === 'visitor' || payload.auth === 'garbage')
        headers.authorization = payload.auth === 'none' ? '' : `${tokens.owner.slice(0, 20)}!!`
      else if (payload.auth === 'token') headers.authorization = token
      else if (payload.auth === 'bearer') headers.authorization = `Bearer ${token}`
      if (headers.authorization === '') delete headers.authorization
      const path = payload.call.split(' ')[1]!
      let query = ''
      let body: string | undefined
      if (payload.encoding === 'query') query = `?${urlEncoded(payload.fields)}`
      else if (payload.encoding === 'form' || payload.encoding === 'text') {
        headers['content-type'] =
          payload.encoding === 'form' ? 'application/x-www-form-urlencoded' : 'text/plain'
        body = urlEncoded(payload.fields)
      } else if (payload.encoding !== 'none') {
        headers['content-type'] = 'application/json'
        body = `${json(payload.fields)}${payload.encoding === 'broken-json' ? '}' : ''}`
      }
      if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body))
      return { url: `${app.base}${path}${query}`, headers, body }
    }

    /** What a successful call may change: a withdrawal freezes its amount, a deposit request adds a row. */
    function expectedAfter(before: MoneyState, payload: Payload, callerId: number, what: string): MoneyState {
      const call = payload.call.split('/').pop()
      if (call === 'draw') {
        const value = strictAmount(payload)
        expect(value, `a withdrawal of an amount no strict reader takes succeeded: ${what}`).toBeDefined()
        if (!value) return before
        return {
          ...before,
          ledger: before.ledger + 1,
          withdrawals: before.withdrawals + 1,
          balances: before.balances.map((a) =>
            a.userId === callerId
              ? {
                  userId: a.userId,
                  balance: new Decimal(a.balance).minus(value).toFixed(6),
                  frozen: new Decimal(a.frozen).plus(value).toFixed(6),
                }
              : a,
          ),
        }
      }
      if (call === 'submit' || call === 'wire_submit') return { ...before, deposits: before.deposits + 1 }
      return before
    }

    /** A deposit request that succeeded: the caller's, of the amount sent, with the caller's own proof. */
    async function checkNewDeposit(payload: Payload, callerId: number, what: string) {
      const [last] = await app.db
        .select({ deposit: deposits, proofOwner: uploads.userId })
        .from(deposits)
        .leftJoin(uploads, eq(uploads.id, deposits.proofUploadId))
        .orderBy(desc(deposits.id))
        .limit(1)
      expect(last?.deposit.userId, what).toBe(callerId)
      expect(last?.proofOwner, `a deposit with another user's proof: ${what}`).toBe(callerId)
      expect(last?.deposit.amount, what).toBe(strictAmount(payload)?.toFixed(6))
      expect(last?.deposit.status, what).toBe(0)
      // One proof proves one deposit (issue 22): the generator reuses the caller's upload, so the
      // deposit is moved to a fresh proof of the same owner and the upload can be sent again.
      await app.db
        .update(deposits)
        .set({ proofUploadId: await proof(callerId) })
        .where(eq(deposits.id, last!.deposit.id))
    }

    /** A list that answered: only the caller's own records. */
    async function checkOwnRecords(payload: Payload, data: unknown, callerId: number, what: string) {
      const records = (data as { data?: { id: number }[] }).data ?? []
      const recordIds = records.map((r) => r.id)
      if (recordIds.length === 0) return
      const table = payload.call.endsWith('quick_ist') ? deposits : withdrawals
      const foreign = await app.db
        .select({ id: table.id })
        .from(table)
        .where(and(inArray(table.id, recordIds), ne(table.userId, callerId)))
      expect(foreign, `another user's records listed: ${what}`).toEqual([])
    }

    const specByCall = new Map(specs.map((spec) => [`${spec.method} ${spec.path}`, spec]))
    const outcomes = new Map<string, number>()
    let sent = 0
    async function check(payload: Payload) {
      const before = await moneyState()
      const { url, headers, body } = requestOf(payload)
      const { status, raw } = await send(url, payload.method, headers, body)
      sent++
      let answer: unknown
      try {
        answer = JSON.parse(raw)
      } catch {
        answer = raw
      }
      const what = `${describePayload(payload)}\n-> ${status} ${raw.slice(0, 300)}\n${serverErrors.slice(-1).join('')}`
      expect(status, what).toBeLessThan(500)
      expect(isEnvelope(answer), what).toBe(true)
      const { code, reason, data } = answer as { code: number; reason?: string; data: unknown }
      const outcome = `${payload.call.split('/').pop()} ${code === 1 ? 'ok' : String(reason)}`
      outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1)
      const after = await moneyState()
      if (code !== 1) {
        expect(after, `a refused call changed money: ${what}`).toEqual(before)
        return
      }
      expect(['owner', 'other'], `accepted for a demo account or a visitor: ${what}`).toContain(payload.who)
      expect(payload.method, `answered by the wrong method: ${what}`).toBe(
        specByCall.get(payload.call)!.method,
      )
      const callerId = userIds[payload.who]
      expect(after, `a successful call moved money unexpectedly: ${what}`).toEqual(
        expectedAfter(before, payload, callerId, what),
      )
      if (payload.call.endsWith('submit')) await checkNewDeposit(payload, callerId, what)
      if (payload.call.endsWith('quick_ist') || payload.call.endsWith('draw_list'))
        await checkOwnRecords(payload, data, callerId, what)
    }

    /** Staff clear the queue between batches, so that deposit requests stay under their cap. */
    async function staffReview(batch: number) {
      const waiting = await app.db.select({ id: deposits.id }).from(deposits).where(eq(deposits.status, 0))
      for (const { id } of waiting) expect((await rejectDeposit(app.db, id, 2, 'fuzz')).ok).toBe(true)
      if (batch % 4 !== 0) return
      // Some withdrawals are released again, so that the balance and the daily limit do not run out.
      const pending = await app.db
        .select({ id: withdrawals.id })
        .from(withdrawals)
        .where(eq(withdrawals.status, 0))
      for (const { id } of pending.slice(0, pending.length - 2))
        expect((await decidedWithdrawal(app, id, 'reject')).ok).toBe(true)
    }

    let batches = 0
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(
            ...specs.map((spec) => ({ arbitrary: plausibleOf(spec), weight: 2 })),
            ...specs.map((spec) => ({ arbitrary: hostileOf(spec), weight: 3 })),
          ),
          { minLength: PAYLOADS_PER_BATCH, maxLength: PAYLOADS_PER_BATCH },
        ),
        async (batch) => {
          for (const payload of batch) await check(payload)
          await staffReview(++batches)
        },
      ),
      {
        numRuns: BATCHES,
        // FUZZ_SEED replays a failed run (its seed is in the error).
        ...(process.env.FUZZ_SEED ? { seed: Number(process.env.FUZZ_SEED) } : {}),
        endOnFailure: true,
        // The failing payload is in the error; fast-check's own report would print the whole batch.
        reporter: (run) => {
          if (run.failed) throw new Error(`seed ${run.seed}: ${String(run.errorInstance)}`.slice(0, 4_000))
        },
      },
    )

    expect(sent).toBeGreaterThanOrEqual(PAYLOADS)
    // The generator reaches past the schemas: requests succeed, and each refusal of the services occurs.
    for (const outcome of [
      'draw ok',
      'submit ok',
      'wire_submit ok',
      'quick_ist ok',
      'draw_list ok',
      'wire_info ok',
      'draw method_not_found',
      'draw amount_out_of_range',
      'submit proof_invalid',
      'submit amount_out_of_range',
      'draw invalid_input',
      'draw demo_forbidden',
    ])
      expect(outcomes.get(outcome) ?? 0, `${outcome} in ${JSON.stringify([...outcomes])}`).toBeGreaterThan(0)
    const everyone = await app.db.select({ id: users.id }).from(users)
    for (const { id } of everyone) expect(await ledgerMatchesBalance(app.db, id), `user ${id}`).toBe(true)
  }, 120_000)
})
