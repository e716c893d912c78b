import { sql } from 'drizzle-orm'
import {
  bigint,
  bigserial,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'

/** Money columns: exact decimals (docs/decisions/002-money.md). Drizzle reads them as strings. */
const money = (name: string) => numeric(name, { precision: 24, scale: 6 })
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()

export const areaCodes = pgTable('area_codes', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  globalCode: text('global_code').notNull(),
})

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    uid: text('uid').notNull().unique(),
    email: text('email'),
    areaId: integer('area_id').references(() => areaCodes.id),
    mobile: text('mobile'),
    passwordHash: text('password_hash'),
    isDemo: boolean('is_demo').notNull().default(false),
    demoId: text('demo_id').unique(),
    inviteCode: text('invite_code').notNull().unique(),
    invitedBy: integer('invited_by'),
    failedLogins: integer('failed_logins').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_mobile_key').on(t.areaId, t.mobile),
    check('users_demo_or_real', sql`${t.isDemo} = (${t.demoId} is not null)`),
    check('users_real_has_login', sql`${t.isDemo} or (${t.passwordHash} is not null)`),
  ],
)

/**
 * One USD account per user. `frozen` is held for pending withdrawals. The balance may dip below zero
 * while positions are open (negative balance protection is per account: the house writes off what
 * a flat account is short, docs/decisions/009-dealing-desk-rules.md). `margin_called` is the
 * engine's margin-call state, kept so that a restart neither repeats nor forgets the warning.
 */
export const accounts = pgTable(
  'accounts',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id),
    balance: money('balance').notNull().default('0'),
    frozen: money('frozen').notNull().default('0'),
    marginCalled: boolean('margin_called').notNull().default(false),
  },
  (t) => [check('accounts_frozen_not_negative', sql`${t.frozen} >= 0`)],
)

/** Every change of a balance, written in the same transaction as the change. */
export const ledger = pgTable(
  'ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    type: smallint('type').notNull(),
    amount: money('amount').notNull(),
    balanceAfter: money('balance_after').notNull(),
    ref: text('ref').notNull(),
    memo: text('memo').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('ledger_user_idx').on(t.userId, t.id)],
)

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
)

/** Codes sent by e-mail or SMS. Only a hash is kept; each code is single use. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: serial('id').primaryKey(),
    channel: text('channel').notNull(),
    destination: text('destination').notNull(),
    purpose: smallint('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [index('verification_codes_lookup_idx').on(t.destination, t.purpose, t.id)],
)

export const captchas = pgTable('captchas', {
  id: text('id').primaryKey(),
  answerHash: text('answer_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
})

/** Every e-mail and SMS the platform sends; without SMTP or an SMS provider they stay here. */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    channel: text('channel').notNull(),
    destination: text('destination').notNull(),
    subject: text('subject').notNull().default(''),
    body: text('body').notNull(),
    status: text('status').notNull(),
    error: text('error'),
    createdAt: createdAt(),
  },
  (t) => [index('outbox_destination_idx').on(t.destination, t.id)],
)

export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
})

export const companies = pgTable('companies', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  logo: text('logo').notNull().default(''),
  url: text('url').notNull().default(''),
  subject: text('subject').notNull().default(''),
  registeredAddress: text('registered_address').notNull().default(''),
  location: text('location').notNull().default(''),
  email: text('email').notNull().default(''),
})

/** Instrument categories; `names` holds the display name per language code (SPEC.md section 1). */
export const categories = pgTable('categories', {
  id: serial('id').primaryKey(),
  key: text('key').notNull().unique(),
  names: jsonb('names').$type<Record<string, string>>().notNull(),
  sort: integer('sort').notNull().default(0),
})

/**
 * The catalogue (WIRE.md "Instrument"). Lot sizes, fee rate and contract size are exact decimals;
 * the simulator's inputs (anchor price, volatility, tick interval) live here too so staff can tune
 * them per instrument.
 */
export const instruments = pgTable(
  'instruments',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull().unique(),
    showCode: text('show_code').notNull(),
    name: text('name').notNull(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    /** An uploaded image's URL; empty: the platform draws one from the code. */
    logo: text('logo').notNull().default(''),
    pricePrecision: smallint('price_precision').notNull(),
    lotStep: numeric('lot_step', { precision: 12, scale: 4 }).notNull(),
    contractSize: numeric('contract_size', { precision: 18, scale: 4 }).notNull(),
    minLots: numeric('min_lots', { precision: 12, scale: 4 }).notNull(),
    maxLots: numeric('max_lots', { precision: 12, scale: 4 }).notNull(),
    marginMode: smallint('margin_mode').notNull(),
    feeRate: numeric('fee_rate', { precision: 12, scale: 6 }).notNull(),
    spreadPoints: integer('spread_points').notNull(),
    quoteCurrency: text('quote_currency').notNull(),
    /** Weekly trading windows in UTC minutes of the week: [{From, To}]. */
    sessions: jsonb('sessions').$type<{ From: number; To: number }[]>().notNull(),
    /** The ESMA class whose leverage cap applies (settings `leverage_cap_<class>`). */
    leverageClass: text('leverage_class').notNull(),
    anchorPrice: doublePrecision('anchor_price').notNull(),
    dailyVolatility: doublePrecision('daily_volatility').notNull(),
    tickIntervalMs: integer('tick_interval_ms').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    check('instruments_lots', sql`${t.lotStep} > 0 and ${t.minLots} > 0 and ${t.minLots} <= ${t.maxLots}`),
    check('instruments_precision', sql`${t.pricePrecision} between 0 and 10`),
    check('instruments_spread', sql`${t.spreadPoints} >= 0`),
  ],
)

export const leverageOptions = pgTable(
  'leverage_options',
  {
    id: serial('id').primaryKey(),
    instrumentId: integer('instrument_id')
      .notNull()
      .references(() => instruments.id),
    value: integer('value').notNull(),
  },
  (t) => [
    uniqueIndex('leverage_options_key').on(t.instrumentId, t.value),
    check('leverage_options_positive', sql`${t.value} >= 1`),
  ],
)

/**
 * Candles of every period (bid prices). `time` is the Unix second at which the period starts.
 * Prices are doubles: they are marks for charts, never booked money.
 */
export const candles = pgTable(
  'candles',
  {
    instrumentId: integer('instrument_id')
      .notNull()
      .references(() => instruments.id),
    period: text('period').notNull(),
    time: bigint('time', { mode: 'number' }).notNull(),
    open: doublePrecision('open').notNull(),
    high: doublePrecision('high').notNull(),
    low: doublePrecision('low').notNull(),
    close: doublePrecision('close').notNull(),
    volume: integer('volume').notNull(),
  },
  (t) => [primaryKey({ columns: [t.instrumentId, t.period, t.time] })],
)

/** Prices of orders: exact decimals, since profit is booked from them. */
const price = (name: string) => numeric(name, { precision: 24, scale: 10 })

/**
 * How many order ids one `nextval` reserves: the engine hands them out in memory without a round trip,
 * and a restart skips at most one block.
 */
export const ORDER_ID_BLOCK = 1000

/** Order ids: the desk reserves blocks of them (docs/decisions/009-dealing-desk-rules.md). */
export const orderIds = pgSequence('order_ids', { startWith: 1, increment: ORDER_ID_BLOCK })

/**
 * Every order, live or finished (WIRE.md "Order"). Ids come from `order_ids`. A live order's row is
 * rewritten as it changes; a finished one is never touched again.
 */
export const orders = pgTable(
  'orders',
  {
    id: bigint('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    instrumentId: integer('instrument_id')
      .notNull()
      .references(() => instruments.id),
    side: smallint('side').notNull(),
    lots: numeric('lots', { precision: 12, scale: 4 }).notNull(),
    leverage: integer('leverage').notNull(),
    status: smallint('status').notNull(),
    originPrice: price('origin_price').notNull(),
    price: price('price').notNull().default('0'),
    closePrice: price('close_price').notNull().default('0'),
    margin: money('margin').notNull().default('0'),
    fee: money('fee').notNull().default('0'),
    profit: money('profit').notNull().default('0'),
    stopLoss: price('stop_loss').notNull().default('0'),
    takeProfit: price('take_profit').notNull().default('0'),
    stopsVersion: integer('stops_version').notNull().default(0),
    entryRises: boolean('entry_rises').notNull().default(false),
    closedType: smallint('closed_type').notNull().default(0),
    placedAt: timestamp('placed_at', { withTimezone: true, precision: 3 }).notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true, precision: 3 }),
    closedAt: timestamp('closed_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [
    index('orders_user_status_idx').on(t.userId, t.status, t.id),
    index('orders_live_idx')
      .on(t.status)
      .where(sql`${t.status} in (0, 1)`),
    check('orders_side', sql`${t.side} in (1, 2)`),
    check('orders_status', sql`${t.status} in (0, 1, 3, 4)`),
    check('orders_lots_positive', sql`${t.lots} > 0`),
    check('orders_amounts', sql`${t.margin} >= 0 and ${t.fee} >= 0`),
  ],
)

/**
 * The fence of the single trading writer: a server that takes the writer lock bumps `epoch`, and
 * every trading write checks it still holds the epoch it bumped to, so a server that lost the lock
 * can never write beside its successor.
 */
export const writerFence = pgTable(
  'writer_fence',
  {
    id: smallint('id').primaryKey().default(1),
    epoch: bigint('epoch', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('writer_fence_one_row', sql`${t.id} = 1`)],
)

/**
 * The first answer to an order submitted with an idempotency key, written in the same statement as
 * the order it placed; a retry with the same key within a day gets this answer back.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    key: text('key').notNull(),
    /** `{ reason }` for a refusal, `{ orderId }` for a placed order. */
    outcome: jsonb('outcome').$type<{ reason?: string; orderId?: number }>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
)
