import { inflateSync } from 'node:zlib'
import { Decimal } from 'decimal.js'
import { and, asc, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  LedgerType,
  MAX_HISTORY_RANGE_MS,
  MAX_STATEMENT_ROWS,
  OrderStatus,
  type HistoryTotals,
} from '@tp/contracts'
import { ledger, orders } from '../src/db/schema.ts'
import { DRIVERS, startTestApp, type Answer, type TestApp } from './harness.ts'
import { bookedOnDesk } from './funded.ts'

/*
 * Issue 25: the trade history over a period, its totals from the ledger, and the statement (CSV and
 * PDF). BTCUSD trades around the clock. Ledger rows are stamped by the database; the tests set their
 * times apart by hand (keeping their order) to probe the edges of a period.
 */

/** RFC 4180 records of `text` (quoted fields, doubled quotes, CRLF). */
function parseCsv(text: string): string[][] {
  const records: string[][] = []
  let field = ''
  let record: string[] = []
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!
    if (quoted && c === '"' && text[i + 1] === '"') {
      field += '"'
      i++
    } else if (c === '"') quoted = !quoted
    else if (quoted) field += c
    else if (c === ',') {
      record.push(field)
      field = ''
    } else if (c === '\r' && text[i + 1] === '\n') {
      record.push(field)
      records.push(record)
      record = []
      field = ''
      i++
    } else field += c
  }
  return records
}

/** The text a PDF draws: its content streams inflated, the hex strings of each TJ/Tj joined. */
function pdfText(pdf: Buffer): string {
  const out: string[] = []
  const source = pdf.toString('latin1')
  for (const match of source.matchAll(/stream\r?\n/g)) {
    const start = match.index + match[0].length
    const end = source.indexOf('endstream', start)
    let content: string
    try {
      content = inflateSync(pdf.subarray(start, end)).toString('latin1')
    } catch {
      continue
    }
    for (const op of content.matchAll(/\[([^\]]*)\]\s*TJ|<([0-9a-fA-F]+)>\s*Tj/g)) {
      const hex = op[1] ? [...op[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1]).join('') : op[2]!
      out.push(Buffer.from(hex, 'hex').toString('latin1'))
    }
  }
  return out.join('\n')
}

describe.each(DRIVERS)('history, totals and statement on %s', (driver) => {
  let app: TestApp
  let btc: number
  let demos = 0
  let price = 65_000

  const refusedWith = (answer: Answer, reason: string) => {
    expect(answer.status).toBe(200)
    expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ code: 0, reason })
  }
  const tick = async () => {
    app.clock.advance(1_000)
    price += 37
    app.tick({ code: 'BTCUSD', bid: price, ask: price + 30 })
    await app.desk.settle()
  }
  async function demo() {
    const answer = await app.get(
      `/api/user/createAccountDemoForU?demo_id=statement-${driver}-${demos++}-abcdef`,
    )
    return { token: answer.body.data.token as string, userId: answer.body.data.user.id as number }
  }
  const get = (token: string, path: string, query: Record<string, string | number> = {}) =>
    app.get(`${path}?${new URLSearchParams(query as Record<string, string>)}`, { token })
  /** Opens and closes 0.01 lot of BTCUSD; the closed order's id and close time. */
  async function roundTrip(token: string, side: 1 | 2 = 1) {
    await tick()
    const multiple = app.market.view(app.market.instrument(btc)!, app.clock.now().getTime())
      .HasForexMultiple[0]!.Value
    const opened = await get(token, '/v1/api/forex/submit', {
      forex_id: btc,
      type: side,
      cont: '0.01',
      status: 1,
      multiple,
    })
    expect(opened.body, JSON.stringify(opened.body)).toMatchObject({ code: 1 })
    const id = opened.body.data.id as number
    await tick()
    await tick()
    expect((await get(token, '/v1/api/forex/close', { id })).body.code).toBe(1)
    const [row] = await app.db.select().from(orders).where(eq(orders.id, id))
    return { id, closedAtMs: row!.closedAt!.getTime() }
  }
  const book = async (userId: number, run: Parameters<typeof bookedOnDesk>[2]) =>
    expect(await bookedOnDesk(app.desk, userId, run)).toMatchObject({ ok: true })
  const finished = async (token: string, query: Record<string, number> = {}) => {
    const answer = await get(token, '/v1/api/forex/my_deal', { finished: 1, limit: 100, ...query })
    expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ code: 1 })
    return (answer.body.data.data as { Id: number }[]).map((o) => o.Id)
  }
  const totals = async (token: string, from: number, to: number) => {
    const answer = await get(token, '/v1/api/forex/history_totals', { from, to })
    expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ code: 1 })
    return answer.body.data as HistoryTotals
  }
  const download = (token: string, query: Record<string, string | number>, lang = 'en') =>
    fetch(
      `${app.base}/v1/api/main/account/statement?${new URLSearchParams(query as Record<string, string>)}`,
      {
        headers: { authorization: token, lang },
      },
    )
  /** Sets the user's ledger rows 1 s apart from `baseMs` in id order (the order they were booked in). */
  async function spreadLedger(userId: number, baseMs: number) {
    const rows = await app.db.select().from(ledger).where(eq(ledger.userId, userId)).orderBy(asc(ledger.id))
    for (const [i, row] of rows.entries())
      await app.db
        .update(ledger)
        .set({ createdAt: new Date(baseMs + i * 1_000) })
        .where(eq(ledger.id, row.id))
    return rows
  }

  beforeAll(async () => {
    app = await startTestApp(driver, { historyCandles: 5 })
    btc = app.market.instrumentByCode('BTCUSD')!.id
    await tick()
  })
  afterAll(() => app.close())

  it('lists the orders that ended in [from, to), only the caller’s, and all of them with no period', async () => {
    const alice = await demo()
    const bob = await demo()
    const first = await roundTrip(alice.token)
    app.clock.advance(60_000)
    const second = await roundTrip(alice.token, 2)
    const bobs = await roundTrip(bob.token)
    expect(await finished(alice.token)).toEqual([second.id, first.id])
    expect(await finished(alice.token, { from: first.closedAtMs, to: second.closedAtMs })).toEqual([first.id])
    expect(await finished(alice.token, { from: first.closedAtMs + 1, to: second.closedAtMs + 1 })).toEqual([
      second.id,
    ])
    expect(await finished(alice.token, { from: first.closedAtMs - 1, to: first.closedAtMs })).toEqual([])
    expect(await finished(alice.token, { status: OrderStatus.Closed, from: 1, to: 2 })).toEqual([])
    const wide = { from: first.closedAtMs - 1_000, to: second.closedAtMs + 60_000 }
    expect(await finished(bob.token, wide)).toEqual([bobs.id])
    // The total of a ranged page counts the period's orders only.
    const page = await get(alice.token, '/v1/api/forex/my_deal', { finished: 1, limit: 1, ...wide })
    expect(page.body.data.total).toBe(2)
  })

  it('lists the ledger rows booked in [from, to), only the caller’s, and refuses a bad period', async () => {
    const alice = await demo()
    const bob = await demo()
    await roundTrip(alice.token)
    await roundTrip(bob.token)
    const base = app.clock.now().getTime() - 3_600_000
    const rows = await spreadLedger(alice.userId, base)
    await spreadLedger(bob.userId, base)
    expect(rows.length).toBeGreaterThanOrEqual(3)
    const ledgerIds = async (path: string, query: Record<string, number>) => {
      const answer = await get(alice.token, path, { limit: 100, ...query })
      expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ code: 1 })
      return {
        ids: (answer.body.data.list as { Id: number }[]).map((row) => row.Id),
        total: answer.body.data.total as number,
      }
    }
    const all = rows.map((row) => row.id).reverse()
    expect((await ledgerIds('/v1/api/main/account/forexDetail', {})).ids).toEqual(all)
    // Rows 1 s apart from `base`: [base + 1 s, base + 2 s) holds the second row alone.
    expect(
      await ledgerIds('/v1/api/main/account/forexDetail', { from: base + 1_000, to: base + 2_000 }),
    ).toEqual({
      ids: [rows[1]!.id],
      total: 1,
    })
    const wide = { from: base, to: base + rows.length * 1_000 }
    expect((await ledgerIds('/v1/api/main/account/forexDetail', wide)).ids).toEqual(all)
    expect((await ledgerIds('/v1/api/main/account/forexDetail', { from: base - 10, to: base })).ids).toEqual(
      [],
    )
    // The trading rows alone (forexChange) take the same period.
    const trading = await ledgerIds('/v1/api/main/accountLog/forexChange', wide)
    expect(trading.ids.length).toBeGreaterThan(0)
    expect(all).toEqual(expect.arrayContaining(trading.ids))
    const bad: Record<string, number>[] = [
      { from: base },
      { from: base, to: base },
      { from: base, to: base + MAX_HISTORY_RANGE_MS + 1 },
    ]
    for (const query of bad)
      refusedWith(await get(alice.token, '/v1/api/main/account/forexDetail', query), 'range_invalid')
    refusedWith(
      await get(alice.token, '/v1/api/main/account/forexDetail', { from: 'yesterday', to: base }),
      'invalid_input',
    )
  })

  it('refuses a period that is half given, backwards, too long or on a live list, on HTTP 200', async () => {
    const { token } = await demo()
    const now = app.clock.now().getTime()
    refusedWith(await get(token, '/v1/api/forex/my_deal', { finished: 1, from: now }), 'range_invalid')
    refusedWith(
      await get(token, '/v1/api/forex/my_deal', { finished: 1, from: now, to: now }),
      'range_invalid',
    )
    refusedWith(
      await get(token, '/v1/api/forex/history_totals', { from: now - MAX_HISTORY_RANGE_MS - 1, to: now }),
      'range_invalid',
    )
    expect(
      (await get(token, '/v1/api/forex/history_totals', { from: now - MAX_HISTORY_RANGE_MS, to: now })).body
        .code,
    ).toBe(1)
    refusedWith(
      await get(token, '/v1/api/forex/history_totals', { from: 'yesterday', to: now }),
      'invalid_input',
    )
    refusedWith(await get(token, '/v1/api/forex/history_totals', {}), 'invalid_input')
    refusedWith(
      await get(token, '/v1/api/forex/my_deal', { status: 1, from: now - 10, to: now }),
      'invalid_input',
    )
    const csv = await download(token, { from: now, to: now - 1, format: 'csv' })
    expect(csv.headers.get('content-type')).toContain('application/json')
    expect(await csv.json()).toMatchObject({ code: 0, reason: 'range_invalid' })
    const zone = await download(token, { from: now - 10, to: now, format: 'csv', tz: 'Mars/Olympus' })
    expect(await zone.json()).toMatchObject({ code: 0, reason: 'invalid_input' })
    const format = await download(token, { from: now - 10, to: now, format: 'xlsx' })
    expect(await format.json()).toMatchObject({ code: 0, reason: 'invalid_input' })
    const anonymous = await fetch(`${app.base}/v1/api/forex/history_totals?from=1&to=2`)
    expect((await anonymous.json()).code).not.toBe(1)
  })

  it('sums exactly what the ledger booked in the period, and opens and closes on the ledger’s balances', async () => {
    const alice = await demo()
    const bob = await demo()
    await book(alice.userId, (e) =>
      e.adjustBalance(alice.userId, '1234.56', LedgerType.DEPOSIT, 'deposit:t1'),
    )
    await roundTrip(alice.token)
    await roundTrip(alice.token, 2)
    await book(alice.userId, (e) => e.freeze(alice.userId, '300.10', 'withdrawal:t1'))
    await book(alice.userId, (e) => e.payOut(alice.userId, '300.10', 'withdrawal:t1'))
    await book(alice.userId, (e) => e.freeze(alice.userId, '50.00', 'withdrawal:t2'))
    await book(alice.userId, (e) => e.release(alice.userId, '50.00', 'withdrawal:t2'))
    await book(alice.userId, (e) =>
      e.adjustBalance(alice.userId, '-7.25', LedgerType.STAFF_ADJUSTMENT, 'adj:t1'),
    )
    await book(alice.userId, (e) => e.adjustBalance(alice.userId, '0.37', LedgerType.SWAP, 'swap:t1'))
    await book(bob.userId, (e) => e.adjustBalance(bob.userId, '999.99', LedgerType.DEPOSIT, 'deposit:t2'))
    await roundTrip(bob.token)
    const base = Date.UTC(2026, 0, 5, 0, 0, 0)
    const rows = await spreadLedger(alice.userId, base)
    await spreadLedger(bob.userId, base)
    expect(rows.length).toBeGreaterThan(10)
    // Every window [k, m) of the rows: its totals are the rows' sums, to the cent.
    for (const [k, m] of [
      [0, rows.length],
      [1, rows.length],
      [2, 7],
      [5, 6],
      [3, 3 + 1],
      [rows.length - 1, rows.length],
    ] as const) {
      const from = base + k * 1_000
      const to = base + m * 1_000
      const got = await totals(alice.token, from, to)
      const window = rows.slice(k, m)
      const sum = (...types: number[]) =>
        window
          .filter((r) => types.includes(r.type))
          .reduce((s, r) => s.plus(r.amount), new Decimal(0))
          .toFixed(2)
      expect(got).toMatchObject({
        from,
        to,
        opening_balance: new Decimal(k === 0 ? 0 : rows[k - 1]!.balanceAfter).toFixed(2),
        closing_balance: new Decimal(rows[m - 1]!.balanceAfter).toFixed(2),
        profit: sum(LedgerType.TRADE_PROFIT),
        fees: sum(LedgerType.TRADE_FEE),
        swaps: sum(LedgerType.SWAP),
        deposits: sum(LedgerType.DEPOSIT),
        withdrawals: sum(LedgerType.FREEZE, LedgerType.UNFREEZE, LedgerType.WITHDRAWAL),
        other: sum(
          LedgerType.STAFF_ADJUSTMENT,
          LedgerType.WRITE_OFF,
          LedgerType.DEMO_CREDIT,
          LedgerType.DEMO_RESET,
        ),
        net: window.reduce((s, r) => s.plus(r.amount), new Decimal(0)).toFixed(2),
      })
      const parts = [got.profit, got.fees, got.swaps, got.deposits, got.withdrawals, got.other]
      expect(parts.reduce((s, v) => s.plus(v), new Decimal(0)).toFixed(2)).toBe(got.net)
      expect(new Decimal(got.opening_balance).plus(got.net).toFixed(2)).toBe(got.closing_balance)
    }
    const all = await totals(alice.token, base, base + rows.length * 1_000)
    expect(all).toMatchObject({ deposits: '1234.56', withdrawals: '-300.10', swaps: '0.37' })
    expect(all.other).toBe(new Decimal(rows[0]!.amount).minus('7.25').toFixed(2))
    // Bob's deposit is in the same seconds, and in none of Alice's totals.
    const [bobs] = await app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(ledger)
      .where(and(eq(ledger.userId, bob.userId), eq(ledger.type, LedgerType.DEPOSIT)))
    expect(bobs!.n).toBe(1)
    expect((await totals(bob.token, base, base + rows.length * 1_000)).deposits).toBe('999.99')
  })

  it('writes the statement as CSV: BOM, CRLF, equal records, the caller’s rows only, formulas defused', async () => {
    const alice = await demo()
    const bob = await demo()
    const mine = await roundTrip(alice.token)
    const theirs = await roundTrip(bob.token)
    await book(alice.userId, (e) =>
      e.adjustBalance(alice.userId, '10', LedgerType.STAFF_ADJUSTMENT, 'adj:csv'),
    )
    await app.db
      .update(ledger)
      .set({ memo: '=HYPERLINK("http://x.test","a, b")' })
      .where(and(eq(ledger.userId, alice.userId), eq(ledger.ref, 'adj:csv')))
    const from = Date.now() - 3_600_000
    const to = Date.now() + 3_600_000
    const answer = await download(alice.token, { from, to, format: 'csv', tz: 'Asia/Hong_Kong' }, 'hk')
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(answer.headers.get('content-disposition')).toMatch(
      /^attachment; filename="statement-[\w.-]+\.csv"$/,
    )
    const bytes = Buffer.from(await answer.arrayBuffer())
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const text = bytes.toString('utf8').slice(1)
    expect(text.endsWith('\r\n')).toBe(true)
    expect(text.replace(/\r\n/g, '')).not.toMatch(/\n/)
    const records = parseCsv(text)
    expect(new Set(records.map((r) => r.length)).size).toBe(1)
    expect(records[0]![0]).toBe('帳戶結單')
    expect(records.find((r) => r[0] === '帳戶類型')![1]).toBe('模擬')
    expect(records.find((r) => r[0] === '時區')![1]).toBe('Asia/Hong_Kong (UTC+08:00)')
    const got = await totals(alice.token, from, to)
    expect(records.find((r) => r[0] === '淨變動')![1]).toBe(got.net)
    expect(records.find((r) => r[0] === '已實現盈虧')![1]).toBe(got.profit)
    const ids = records.map((r) => r[0])
    expect(ids).toContain(String(mine.id))
    expect(ids).not.toContain(String(theirs.id))
    const trade = records.find((r) => r[0] === String(mine.id))!
    expect(trade[1]).toBe('BTCUSD')
    expect(trade[9]).toMatch(/^-?[0-9]+$/)
    const memo = records.find((r) => r.includes('\'=HYPERLINK("http://x.test","a, b")'))
    expect(memo, 'the memo, escaped').toBeDefined()
    expect(text).not.toMatch(/(^|,)=HYPERLINK/m)
  })

  it('draws the statement as a PDF holding the totals', async () => {
    const alice = await demo()
    await roundTrip(alice.token)
    const from = Date.now() - 3_600_000
    const to = Date.now() + 3_600_000
    const answer = await download(alice.token, { from, to, format: 'pdf' }, 'ar')
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toBe('application/pdf')
    const pdf = Buffer.from(await answer.arrayBuffer())
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-')
    expect(pdf.subarray(-6).toString('latin1')).toMatch(/%%EOF\s*$/)
    const text = pdfText(pdf)
    const got = await totals(alice.token, from, to)
    expect(text).toContain('Account statement')
    for (const figure of [got.opening_balance, got.closing_balance, got.profit, got.fees, got.net])
      expect(text).toContain(figure)
    expect(text).toContain('Demo')
  })

  it('refuses a statement of more than MAX_STATEMENT_ROWS records, and takes one of exactly that many', async () => {
    const alice = await demo()
    const base = Date.UTC(2026, 1, 2)
    // Booked rows as a busy account's ledger would hold them (their sums do not matter here).
    await app.db.execute(sql`
      insert into ledger (user_id, type, amount, balance_after, ref, created_at)
      select ${alice.userId}, ${LedgerType.SWAP}, -0.01, 0, 'swap:bulk:' || n,
        ${new Date(base).toISOString()}::timestamptz + n * interval '1 second'
      from generate_series(1, ${MAX_STATEMENT_ROWS + 1}) as n`)
    const period = { from: base, to: base + (MAX_STATEMENT_ROWS + 2) * 1_000, format: 'csv' }
    expect(await (await download(alice.token, period)).json()).toMatchObject({
      code: 0,
      reason: 'statement_too_large',
    })
    const exactly = await download(alice.token, {
      ...period,
      to: base + (MAX_STATEMENT_ROWS + 1) * 1_000,
    })
    expect(exactly.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    const records = parseCsv((await exactly.text()).replace(/^\uFEFF/, ''))
    expect(records.filter((r) => r[2] === '-0.01')).toHaveLength(MAX_STATEMENT_ROWS)
    // The totals of a period have no such limit: they are sums.
    expect((await totals(alice.token, period.from, period.to)).swaps).toBe('-50.01')
  })

  it('limits statement downloads per user', async () => {
    const limited = await startTestApp(driver, {
      historyCandles: 2,
      rateLimits: { statement: { max: 2, timeWindowMs: 60_000 } },
    })
    try {
      const answer = await limited.get('/api/user/createAccountDemoForU?demo_id=statement-limit-abcdef')
      const token = answer.body.data.token as string
      const query = `from=${Date.now() - 1000}&to=${Date.now()}&format=csv`
      const statuses = []
      for (let i = 0; i < 3; i++)
        statuses.push(
          (
            await fetch(`${limited.base}/v1/api/main/account/statement?${query}`, {
              headers: { authorization: token },
            })
          ).status,
        )
      expect(statuses).toEqual([200, 200, 429])
    } finally {
      await limited.close()
    }
  })
})
