import { and, eq, isNull } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_PAYOUT_METHODS } from '@tp/contracts'
import { payoutMethods, withdrawCurrencies } from '../src/db/schema.ts'
import { isValidAddress } from '../src/money/address-check.ts'
import { normalizedBic, normalizedIban } from '../src/money/bank-account-check.ts'
import { registerAndLogin } from './accounts.ts'
import { DRIVERS, startTestApp, type TestApp } from './harness.ts'

/**
 * Generated requests at the payout-method calls: plausible values (real addresses, IBANs, ids that
 * exist) mixed with hostile ones, in every encoding, as the owner, another user, a demo account or
 * nobody. Every answer must be the envelope and never a 5xx; and whatever got stored must be a
 * method that passes its own checks, within the cap, owned by the user who bound it.
 */
const PAYLOADS = 2_000

const HOSTILE = [
  '',
  ' ',
  '\0',
  'a\0b',
  '\u0007',
  '\ud800',
  '😀',
  '0x10',
  '1e3',
  '-1',
  '2147483648',
  '1.5',
  'NaN',
  "'; drop table payout_methods; --",
  '<script>alert(1)</script>',
  'x'.repeat(300),
]
const ADDRESSES = [
  'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
  'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6T',
  '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD',
  '0xfb6916095ca1df60bb79ce92ce3ea74c37c5d359',
  '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa',
  '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy',
  'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
  'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0',
  'bc1qw508d6qejxtdg4c5r3zarvary0c5xw7kv8f3t4',
]

type Value = string | number | null | string[]
type Who = 'owner' | 'other' | 'demo' | 'nobody'
interface Payload {
  call: number
  fields: Record<string, Value>
  encoding: 'query' | 'form' | 'json'
  who: Who
}

const encode = (fields: Record<string, Value>) => {
  const form = new URLSearchParams()
  for (const [key, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value])
      form.append(key, item === null ? '' : String(item))
  }
  return form.toString()
}

describe.each(DRIVERS)('fuzzing the payout-method calls (%s)', (driver) => {
  let app: TestApp
  const tokens: Record<Who, string> = { owner: '', other: '', demo: '', nobody: '' }
  const userIds: Partial<Record<Who, number>> = {}
  let currencyIds: number[] = []
  let coinIds: number[] = []
  let bankIds: number[] = []

  beforeAll(async () => {
    app = await startTestApp(driver)
    for (const who of ['owner', 'other'] as const) {
      const { token, user } = await registerAndLogin(app)
      tokens[who] = token
      userIds[who] = user.id
    }
    const demo = (await app.get(`/api/user/createAccountDemoForU?demo_id=fuzz-payout-${driver}`)).body.data
    tokens.demo = demo.token
    userIds.demo = demo.user.id
    const currencies = await app.db.select().from(withdrawCurrencies)
    currencyIds = currencies.map((c) => c.id)
    coinIds = currencies.filter((c) => c.type === 1).map((c) => c.id)
    bankIds = currencies.filter((c) => c.type === 2).map((c) => c.id)
  })
  afterAll(() => app?.close())

  it(`answers ${PAYLOADS} generated payloads with the envelope, and stores only valid methods`, async () => {
    const hostile = fc.oneof(
      fc.constantFrom(...HOSTILE),
      fc.string({ unit: 'binary', maxLength: 20 }),
      fc.constant(null),
      fc.array(fc.constantFrom(...HOSTILE), { minLength: 2, maxLength: 2 }),
    )
    const or = (plausible: fc.Arbitrary<Value>) =>
      fc.oneof({ arbitrary: plausible, weight: 4 }, { arbitrary: hostile, weight: 1 })
    const type = or(fc.constantFrom<Value>('1', '2', 1, 2))
    const id = or(fc.oneof(fc.constantFrom(...currencyIds), fc.integer({ min: 1, max: 60 })))
    const fields: Record<string, fc.Arbitrary<Value>>[] = [
      { type },
      { draw_type: type, draw_id: or(fc.oneof(id, fc.constant(''))) },
      {
        type,
        draw_id: id,
        dc_address: or(fc.constantFrom(...ADDRESSES)),
        remark: or(fc.constantFrom('', 'cold wallet')),
        bank_name: or(fc.constantFrom('HSBC', 'Deutsche Bank')),
        bank_address: or(fc.constantFrom('', '1 Queen’s Road Central')),
        bank_swift: or(fc.constantFrom('HSBCHKHH', 'deut de ff', 'DEUT1EFF', 'HSBCHKHHHKH')),
        payee_name: or(fc.constantFrom('Chan Tai Man', 'Ana')),
        payee_account: or(fc.constantFrom('0532013000', '123-456-789', '1234')),
        iban: or(fc.constantFrom('', 'DE89 3704 0044 0532 0130 00', 'DE89370400440532013001')),
        currency: or(fc.constantFrom('', 'EUR', 'hkd', 'EURO')),
      },
      { id: or(fc.integer({ min: 1, max: 80 })) },
    ]
    // Whole binds with every field plausible, so that generated requests also get stored.
    const wellFormedBind: fc.Arbitrary<Record<string, Value>> = fc.oneof(
      fc.record({
        type: fc.constant<Value>(1),
        draw_id: fc.constantFrom<Value>(...coinIds),
        dc_address: fc.constantFrom<Value>(...ADDRESSES),
      }),
      fc.record({
        type: fc.constant<Value>(2),
        draw_id: fc.constantFrom<Value>(...bankIds),
        bank_name: fc.constant<Value>('HSBC'),
        bank_swift: fc.constantFrom<Value>('HSBCHKHH', 'deut de ff', 'DEUT1EFF'),
        payee_name: fc.constant<Value>('Chan Tai Man'),
        payee_account: fc.integer({ min: 1000, max: 1050 }).map<Value>(String),
        iban: fc.constantFrom<Value>('', 'DE89 3704 0044 0532 0130 00', 'DE89370400440532013001'),
      }),
    )
    const calls = [
      { method: 'GET', path: '/api/account/draw_symbol_list' },
      { method: 'GET', path: '/api/wallet/get_draw_method' },
      { method: 'POST', path: '/api/wallet/bind_draw_method' },
      { method: 'POST', path: '/api/wallet/del_draw_method' },
    ] as const
    const payload: fc.Arbitrary<Payload> = fc.integer({ min: 0, max: 3 }).chain((call) =>
      fc.record({
        call: fc.constant(call),
        // Any subset of the fields, or all of them.
        fields: fc.oneof(
          fc.record(fields[call]!, { requiredKeys: [] }) as fc.Arbitrary<Record<string, Value>>,
          call === 2 ? wellFormedBind : fc.record(fields[call]!),
        ),
        encoding:
          call < 2
            ? fc.constantFrom<Payload['encoding']>('query', 'query', 'form')
            : fc.constantFrom<Payload['encoding']>('form', 'json', 'query'),
        who: fc.constantFrom<Who>('owner', 'owner', 'owner', 'other', 'demo', 'nobody'),
      }),
    )
    const failures: string[] = []
    const outcomes = new Map<string, number>()
    /** Who bound each method, to check that a successful delete was its owner's. */
    const binder = new Map<number, Who>()
    for (const p of fc.sample(payload, { numRuns: PAYLOADS, seed: 20261124 })) {
      const call = calls[p.call]!
      const headers: Record<string, string> = { lang: 'en' }
      if (p.who !== 'nobody') headers.authorization = tokens[p.who]
      let url = `${app.base}${call.path}`
      let body: string | undefined
      if (p.encoding === 'query') url += `?${encode(p.fields)}`
      else if (p.encoding === 'form') {
        headers['content-type'] = 'application/x-www-form-urlencoded'
        body = encode(p.fields)
      } else {
        headers['content-type'] = 'application/json'
        body = JSON.stringify(p.fields)
      }
      const response = await fetch(url, {
        method: call.method,
        headers,
        body: call.method === 'GET' ? undefined : body,
      })
      const answer = (await response.json()) as {
        code?: unknown
        msg?: unknown
        reason?: unknown
        data?: { id?: number }
      }
      if (answer.code === 1 && p.call === 2 && answer.data?.id) binder.set(answer.data.id, p.who)
      if (answer.code === 1 && p.call === 3 && binder.get(Number(p.fields.id)) !== p.who) {
        failures.push(`deleted another user's method: ${JSON.stringify(p)}`)
      }
      const envelope =
        (answer.code === 1 || answer.code === 0 || answer.code === 999) &&
        typeof answer.msg === 'string' &&
        (answer.code === 1 || typeof answer.reason === 'string')
      const outcome = `${call.path.split('/').pop()} ${answer.code === 1 ? 'ok' : String(answer.reason)}`
      outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1)
      if (response.status >= 500 || !envelope) failures.push(`${response.status} ${JSON.stringify(p)}`)
      if (answer.code === 1 && (p.who === 'demo' || p.who === 'nobody'))
        failures.push(`accepted ${JSON.stringify(p)}`)
    }
    expect(failures.slice(0, 5)).toEqual([])
    // The generator must reach past the schema: binds and deletes that succeed, and each refusal.
    for (const outcome of [
      'bind_draw_method ok',
      'del_draw_method ok',
      'bind_draw_method address_invalid',
      'bind_draw_method swift_invalid',
      'bind_draw_method iban_invalid',
      'del_draw_method method_not_found',
    ]) {
      expect(outcomes.get(outcome), outcome).toBeGreaterThan(0)
    }

    const stored = await app.db
      .select({ method: payoutMethods, currency: withdrawCurrencies })
      .from(payoutMethods)
      .innerJoin(withdrawCurrencies, eq(withdrawCurrencies.id, payoutMethods.withdrawCurrencyId))
    expect(stored.length).toBeGreaterThan(0)
    for (const { method, currency } of stored) {
      expect([userIds.owner, userIds.other]).toContain(method.userId)
      expect(method.type).toBe(currency.type)
      if (method.type === 1) expect(isValidAddress(currency, method.address)).toBe(true)
      else {
        expect(normalizedBic(method.bankSwift)).toBe(method.bankSwift)
        if (method.iban) expect(normalizedIban(method.iban)).toBe(method.iban)
      }
    }
    for (const who of ['owner', 'other'] as const) {
      const live = await app.db
        .select()
        .from(payoutMethods)
        .where(and(eq(payoutMethods.userId, userIds[who]!), isNull(payoutMethods.deletedAt)))
      expect(live.length).toBeLessThanOrEqual(MAX_PAYOUT_METHODS)
    }
  })
})
