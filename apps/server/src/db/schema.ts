import { DEFAULT_CLIENT_GROUP } from '@tp/contracts/light'
import { sql } from 'drizzle-orm'
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
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
  unique,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core'

/** Money columns: exact decimals (docs/decisions/002-money.md). Drizzle reads them as strings. */
const money = (name: string) => numeric(name, { precision: 24, scale: 6 })
export * from './second-factor-schema.ts'
export * from './copy-schema.ts'

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
    /** The name shown in the ranking; null until the user chooses one (docs/product.md "Trader rank entry"). */
    nickname: text('nickname'),
    /** Whether the user appears in the ranking (`/api/follow/list`): off unless the user opts in. */
    rankVisible: boolean('rank_visible').notNull().default(false),
    /** A house demo trader of a fresh install (issue 10): a demo account whose trades are real engine trades. */
    isHouse: boolean('is_house').notNull().default(false),
    /** Set by staff (issue 11): a disabled account cannot sign in, and its sessions end. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    failedLogins: integer('failed_logins').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** The language the user last used the app in (a `lang` code): what their e-mail and push are written in. */
    language: text('language').notNull().default('hk'),
    /** The client group staff put the user in (issue 28): which hedging rules apply to their trades. */
    clientGroup: text('client_group').notNull().default(DEFAULT_CLIENT_GROUP),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_mobile_key').on(t.areaId, t.mobile),
    uniqueIndex('users_nickname_key').on(sql`lower(${t.nickname})`),
    index('users_invited_by_idx').on(t.invitedBy),
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
    /** The change of the frozen balance (a withdrawal's freeze, release or payout) and the frozen after. */
    frozenAmount: money('frozen_amount').notNull().default('0'),
    frozenAfter: money('frozen_after').notNull().default('0'),
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
    /**
     * When this session last proved its owner again (decision 047): by a second factor, or by the
     * password for a client without one. Withdrawals, payout methods and the second factor's own
     * settings ask for a recent one.
     */
    reauthFactorAt: timestamp('reauth_factor_at', { withTimezone: true }),
    reauthPasswordAt: timestamp('reauth_password_at', { withTimezone: true }),
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

/** Instrument categories; `names` holds the display name per language code (docs/product.md "What it is"). */
export const categories = pgTable('categories', {
  id: serial('id').primaryKey(),
  key: text('key').notNull().unique(),
  names: jsonb('names').$type<Record<string, string>>().notNull(),
  sort: integer('sort').notNull().default(0),
})

/**
 * The catalogue (docs/wire.md "Instrument"). Lot sizes, fee rate and contract size are exact decimals;
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
    /** The name in other languages by language code (English is `name`); missing ones show `name`. */
    names: jsonb('names').$type<Record<string, string>>().notNull().default({}),
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
    /**
     * The house's markup in points on every quote of the instrument's price source (issue 28): the
     * price clients see and trade at is this much wider than the source's, half off the bid, half on
     * the ask (packages/engine markup.ts).
     */
    markupPoints: integer('markup_points').notNull().default(0),
    quoteCurrency: text('quote_currency').notNull(),
    /** Weekly trading windows in minutes of the week in `time_zone`: [{From, To}]. */
    sessions: jsonb('sessions').$type<{ From: number; To: number }[]>().notNull(),
    /**
     * The IANA zone of the sessions, the rollover and the triple-swap weekday ('America/New_York'):
     * its daylight saving moves them in UTC (docs/decisions/022-market-calendar.md).
     */
    timeZone: text('time_zone').notNull().default('UTC'),
    /** Price protection (points): the nearest a stop or pending price may be to the market, and */
    stopsLevel: integer('stops_level').notNull().default(0),
    /** the distance within which a pending order or a position's stops can no longer be changed. */
    freezeLevel: integer('freeze_level').notNull().default(0),
    /** House limits (docs/decisions/023-house-limits.md): the real clients' net lots (null: none), */
    maxNetLots: numeric('max_net_lots', { precision: 14, scale: 4 }),
    /** and the lots one account may hold on one side (null: none). */
    maxAccountLots: numeric('max_account_lots', { precision: 14, scale: 4 }),
    /**
     * Overnight financing (docs/decisions/021-swaps.md): per lot per night of a buy and of a sell, in
     * points (mode 1) or as an annual percentage of the position's value (mode 2); negative charges.
     */
    swapLong: numeric('swap_long', { precision: 12, scale: 4 }).notNull().default('0'),
    swapShort: numeric('swap_short', { precision: 12, scale: 4 }).notNull().default('0'),
    swapMode: smallint('swap_mode').notNull().default(1),
    /** The weekday (0 Sunday … 6 Saturday, in `time_zone`) whose rollover charges three nights; null: none. */
    swapTripleDay: smallint('swap_triple_day'),
    /** The daily rollover, in minutes after midnight in `time_zone`. */
    rolloverMinute: smallint('rollover_minute').notNull().default(1320),
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
    check(
      'instruments_protection',
      sql`${t.stopsLevel} between 0 and 1000000 and ${t.freezeLevel} between 0 and 1000000`,
    ),
    check(
      'instruments_limits',
      sql`(${t.maxNetLots} is null or ${t.maxNetLots} > 0) and (${t.maxAccountLots} is null or ${t.maxAccountLots} > 0)`,
    ),
    check(
      'instruments_swap',
      sql`${t.swapMode} in (1, 2) and ${t.rolloverMinute} between 0 and 1439 and (${t.swapTripleDay} is null or ${t.swapTripleDay} between 0 and 6)`,
    ),
  ],
)

/**
 * Days a market trades other hours than its week says (docs/decisions/022-market-calendar.md): for
 * one instrument, a category's, or every instrument (neither set). The most specific one of a date
 * wins. `date` is the market's own local date; `hours` the minutes of that day it trades.
 */
export const marketHolidays = pgTable(
  'market_holidays',
  {
    id: serial('id').primaryKey(),
    date: date('date', { mode: 'string' }).notNull(),
    name: text('name').notNull(),
    instrumentId: integer('instrument_id').references(() => instruments.id),
    categoryId: integer('category_id').references(() => categories.id),
    /** [{From, To}] minutes of the local day (0..1440); empty: closed all day. */
    hours: jsonb('hours').$type<{ From: number; To: number }[]>().notNull().default([]),
  },
  (t) => [
    unique('market_holidays_day').on(t.date, t.instrumentId, t.categoryId).nullsNotDistinct(),
    check('market_holidays_scope', sql`${t.instrumentId} is null or ${t.categoryId} is null`),
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

/**
 * Each instrument's last quote as the feed took it, written with the candles: a restarted process
 * starts from it, so a quote older than one its predecessor took is still refused as out of order.
 */
export const lastQuotes = pgTable('last_quotes', {
  instrumentId: integer('instrument_id')
    .primaryKey()
    .references(() => instruments.id),
  bid: doublePrecision('bid').notNull(),
  ask: doublePrecision('ask').notNull(),
  timeMs: bigint('time_ms', { mode: 'number' }).notNull(),
})

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
 * Every order, live or finished (docs/wire.md "Order"). Ids come from `order_ids`. A live order's row is
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
    /**
     * The terms the position was opened under: a later edit of the catalogue does not reprice it.
     * Contract size per lot, and margin mode (1 fixed, otherwise leveraged).
     */
    contractSize: numeric('contract_size', { precision: 18, scale: 4 }).notNull(),
    marginMode: smallint('margin_mode').notNull(),
    placedAt: timestamp('placed_at', { withTimezone: true, precision: 3 }).notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true, precision: 3 }),
    closedAt: timestamp('closed_at', { withTimezone: true, precision: 3 }),
    /** A pending order's expiry; null: good till cancelled. */
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }),
    /** A position's trailing stop, in points; 0: none. */
    trailingPoints: integer('trailing_points').notNull().default(0),
    /** The swap booked on the position so far (its ledger rows hold each rollover's). */
    swap: money('swap').notNull().default('0'),
    /** The last rollover the position was charged at, or when it opened; null while pending. */
    swapThrough: timestamp('swap_through', { withTimezone: true, precision: 3 }),
    /** A close by (closed type 6): the opposite position it was closed against; 0 otherwise. */
    closedById: bigint('closed_by_id', { mode: 'number' }).notNull().default(0),
    /** A copy (decision 053): the leader's order it copies and its follow (`follows`); 0 for one's own. */
    copyOf: bigint('copy_of', { mode: 'number' }).notNull().default(0),
    followId: bigint('follow_id', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    index('orders_user_status_idx').on(t.userId, t.status, t.id),
    index('orders_live_idx')
      .on(t.status)
      .where(sql`${t.status} in (0, 1)`),
    // The ranking reads the closed trades of recent weeks (status 3 by close time).
    index('orders_closed_at_idx')
      .on(t.closedAt)
      .where(sql`${t.status} = 3`),
    check('orders_side', sql`${t.side} in (1, 2)`),
    check('orders_status', sql`${t.status} in (0, 1, 3, 4, 5)`),
    check('orders_lots_positive', sql`${t.lots} > 0`),
    check('orders_amounts', sql`${t.margin} >= 0 and ${t.fee} >= 0`),
  ],
)

/**
 * Price alerts (issue 13): a user's "tell me when the bid reaches this price". Ids come from
 * `order_ids` (the engine hands them out with order ids). An alert is active until it fires or its
 * owner removes it; both are kept, with their time.
 */
export const priceAlerts = pgTable(
  'price_alerts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    instrumentId: integer('instrument_id')
      .notNull()
      .references(() => instruments.id),
    /** True: fires when the bid rises to `price`; false: when it falls to it. */
    above: boolean('above').notNull(),
    price: price('price').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull(),
    firedAt: timestamp('fired_at', { withTimezone: true, precision: 3 }),
    /** The bid that fired it. */
    firedBid: price('fired_bid'),
    removedAt: timestamp('removed_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [
    index('price_alerts_user_idx').on(t.userId, t.id),
    index('price_alerts_active_idx')
      .on(t.id)
      .where(sql`${t.firedAt} is null and ${t.removedAt} is null`),
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

/** A coin network to deposit to (docs/product.md "Deposit address option"): shown with its address and QR code. */
export const depositCoinChannels = pgTable('deposit_coin_channels', {
  id: serial('id').primaryKey(),
  currencyCode: text('currency_code').notNull(),
  protocolCode: text('protocol_code').notNull().default(''),
  address: text('address').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  sort: integer('sort').notNull().default(0),
})

/** The currencies a bank transfer can be made in ("bank coins"). */
export const depositBankCurrencies = pgTable('deposit_bank_currencies', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  enabled: boolean('enabled').notNull().default(true),
  sort: integer('sort').notNull().default(0),
})

/** A bank account of the broker to transfer to, per bank currency (docs/product.md "Bank deposit account"). */
export const depositBankAccounts = pgTable('deposit_bank_accounts', {
  id: serial('id').primaryKey(),
  bankCurrencyId: integer('bank_currency_id')
    .notNull()
    .references(() => depositBankCurrencies.id),
  bankName: text('bank_name').notNull(),
  bankAddress: text('bank_address').notNull().default(''),
  bankSwift: text('bank_swift').notNull().default(''),
  payeeName: text('payee_name').notNull(),
  payeeAccount: text('payee_account').notNull(),
  bankRemark: text('bank_remark').notNull().default(''),
  enabled: boolean('enabled').notNull().default(true),
  sort: integer('sort').notNull().default(0),
})

/** An uploaded image (checked by content, re-encoded), stored under a random key; owner and staff only. */
export const uploads = pgTable(
  'uploads',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /**
     * Set when staff uploaded it (an image sent in the user's support chat): kept as the user's so
     * their chat can show it, but never usable as the user's own (a deposit proof, an identity
     * photo, a chat image they send), and not counted in the user's daily allowance.
     */
    staffId: integer('staff_id').references((): AnyPgColumn => staff.id),
    contentType: text('content_type').notNull(),
    bytes: integer('bytes').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /**
     * SHA-256 (hex) of the stored image's decoded pixels: the same picture sent twice, whatever its
     * file, has the same one (issue 22: one proof, one deposit). Null for uploads made before it.
     */
    contentSha256: text('content_sha256'),
    /** The 64-bit perceptual hash (sharp-phash, as 64 '0'/'1'): near copies differ in a few bits. */
    phash: text('phash'),
    createdAt: createdAt(),
  },
  (t) => [index('uploads_user_idx').on(t.userId), index('uploads_content_sha256_idx').on(t.contentSha256)],
)

/**
 * A deposit request (docs/product.md "Deposit record"): `type` 0 coin, 1 bank; `status` 0 unchecked,
 * 1 finished (credited once, by staff approval), 2 rejected, 3 invalid. `amount` is USD.
 */
export const deposits = pgTable(
  'deposits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    type: smallint('type').notNull(),
    coinChannelId: integer('coin_channel_id').references(() => depositCoinChannels.id),
    bankAccountId: integer('bank_account_id').references(() => depositBankAccounts.id),
    currencyCode: text('currency_code').notNull(),
    amount: money('amount').notNull(),
    proofUploadId: text('proof_upload_id')
      .notNull()
      .references(() => uploads.id),
    address: text('address').notNull().default(''),
    status: smallint('status').notNull().default(0),
    remark: text('remark').notNull().default(''),
    /**
     * An earlier deposit whose proof looks like this one's (perceptual hashes within a few bits),
     * found when it was submitted: shown to staff with its distance (0 to 64 bits differ).
     */
    similarDepositId: bigint('similar_deposit_id', { mode: 'number' }),
    similarDistance: smallint('similar_distance'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: createdAt(),
    /**
     * Four eyes (decision 025): the staff member who approved first (or alone, at or below the
     * threshold) and when; above it the deposit stays unchecked until a different one approves.
     */
    firstApprovedBy: integer('first_approved_by').references((): AnyPgColumn => staff.id),
    firstApprovedAt: timestamp('first_approved_at', { withTimezone: true }),
    secondApprovedBy: integer('second_approved_by').references((): AnyPgColumn => staff.id),
  },
  (t) => [
    index('deposits_user_idx').on(t.userId, t.id),
    index('deposits_proof_idx').on(t.proofUploadId),
    check('deposits_type', sql`${t.type} in (0, 1)`),
    check('deposits_status', sql`${t.status} in (0, 1, 2, 3)`),
    check('deposits_amount', sql`${t.amount} > 0`),
    check(
      'deposits_four_eyes',
      sql`${t.secondApprovedBy} is null or (${t.firstApprovedBy} is not null and ${t.secondApprovedBy} <> ${t.firstApprovedBy})`,
    ),
  ],
)

/**
 * A currency a withdrawal can be paid in (docs/product.md "Withdraw currency"): `type` 1 coin, 2 bank;
 * `fee_type` 1 a fixed USD fee, otherwise `draw_rate` is a share of the amount; `usd_price` is USD
 * per unit of the currency (received = (amount - fee) / usd_price).
 */
export const withdrawCurrencies = pgTable(
  'withdraw_currencies',
  {
    id: serial('id').primaryKey(),
    type: smallint('type').notNull(),
    code: text('code').notNull(),
    protocol: text('protocol').notNull().default(''),
    feeType: smallint('fee_type').notNull(),
    drawRate: numeric('draw_rate', { precision: 12, scale: 6 }).notNull(),
    usdPrice: numeric('usd_price', { precision: 24, scale: 10 }).notNull(),
    /** Decimals of the currency's smallest unit: 8 for BTC, 18 for ETH, 6 for USDT, 2 for fiat. */
    precision: smallint('precision').notNull().default(2),
    /**
     * The instrument whose live quote prices a payout ('BTCUSD', or 'USDHKD' the other way round);
     * '' when staff set `usd_price` (USDT at 1, a currency the platform does not quote).
     */
    rateInstrument: text('rate_instrument').notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    check('withdraw_currencies_type', sql`${t.type} in (1, 2)`),
    check('withdraw_currencies_precision', sql`${t.precision} between 0 and 18`),
    check('withdraw_currencies_rate', sql`${t.drawRate} >= 0 and ${t.usdPrice} > 0`),
  ],
)

/** A saved payout method (docs/product.md "Saved withdraw method"): a coin address or a bank account. */
export const payoutMethods = pgTable(
  'payout_methods',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    type: smallint('type').notNull(),
    withdrawCurrencyId: integer('withdraw_currency_id')
      .notNull()
      .references(() => withdrawCurrencies.id),
    address: text('address').notNull().default(''),
    bankName: text('bank_name').notNull().default(''),
    bankAddress: text('bank_address').notNull().default(''),
    bankSwift: text('bank_swift').notNull().default(''),
    payeeName: text('payee_name').notNull().default(''),
    payeeAccount: text('payee_account').notNull().default(''),
    iban: text('iban').notNull().default(''),
    currency: text('currency').notNull().default(''),
    remark: text('remark').notNull().default(''),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('payout_methods_user_idx').on(t.userId, t.id),
    check('payout_methods_type', sql`${t.type} in (1, 2)`),
  ],
)

/**
 * A withdrawal request: `amount` USD frozen at once; `status` 0 waiting, 1 paid (booked out of
 * frozen), 2 rejected (released). `fee` USD and `received` (in the currency) as computed then.
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    type: smallint('type').notNull(),
    withdrawCurrencyId: integer('withdraw_currency_id')
      .notNull()
      .references(() => withdrawCurrencies.id),
    payoutMethodId: integer('payout_method_id')
      .notNull()
      .references(() => payoutMethods.id),
    amount: money('amount').notNull(),
    fee: money('fee').notNull(),
    /** In the currency, exact to its smallest unit (18 decimals for ETH), rounded down. */
    received: numeric('received', { precision: 38, scale: 18 }).notNull(),
    /** The frozen rate: USD per unit of the currency the request was priced at (margin included). */
    usdPrice: numeric('usd_price', { precision: 38, scale: 18 }).notNull(),
    /** 'quote:<instrument>' for a live quote, 'staff' for the rate staff set. */
    rateSource: text('rate_source').notNull().default('staff'),
    /** The time of the quote the rate came from; null for a staff-set rate. */
    rateQuotedAt: timestamp('rate_quoted_at', { withTimezone: true }),
    /** The staff-set margin (%) added to a live quote; 0 for a staff-set rate. */
    rateMarginPct: numeric('rate_margin_pct', { precision: 12, scale: 6 }).notNull().default('0'),
    status: smallint('status').notNull().default(0),
    memo: text('memo').notNull().default(''),
    notes: text('notes').notNull().default(''),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: createdAt(),
    /**
     * Four eyes (decision 025): who approved the payout first (or alone, at or below the threshold),
     * when, and their note; above it the withdrawal stays waiting until a different one pays it.
     */
    firstApprovedBy: integer('first_approved_by').references((): AnyPgColumn => staff.id),
    firstApprovedAt: timestamp('first_approved_at', { withTimezone: true }),
    firstNote: text('first_note').notNull().default(''),
    secondApprovedBy: integer('second_approved_by').references((): AnyPgColumn => staff.id),
  },
  (t) => [
    index('withdrawals_user_idx').on(t.userId, t.id),
    check('withdrawals_status', sql`${t.status} in (0, 1, 2)`),
    check('withdrawals_amounts', sql`${t.amount} > 0 and ${t.fee} >= 0 and ${t.received} >= 0`),
    check(
      'withdrawals_four_eyes',
      sql`${t.secondApprovedBy} is null or (${t.firstApprovedBy} is not null and ${t.secondApprovedBy} <> ${t.firstApprovedBy})`,
    ),
  ],
)

/**
 * Identity checks (docs/product.md "Identity verification"), one row per submission. `status` 1 waiting,
 * 2 finished (approved), 3 rejected with `reject_reason` shown to the user, who may submit again.
 * At most one submission per user is waiting or finished (the partial unique index), so two
 * submissions racing each other leave one.
 */
export const identityChecks = pgTable(
  'identity_checks',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    cardId: text('card_id').notNull(),
    frontUploadId: text('front_upload_id')
      .notNull()
      .references(() => uploads.id),
    reverseUploadId: text('reverse_upload_id')
      .notNull()
      .references(() => uploads.id),
    status: smallint('status').notNull().default(1),
    rejectReason: text('reject_reason').notNull().default(''),
    reviewedBy: text('reviewed_by'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('identity_checks_user_idx').on(t.userId, t.id),
    uniqueIndex('identity_checks_one_open_key')
      .on(t.userId)
      .where(sql`${t.status} in (1, 2)`),
    index('identity_checks_status_idx').on(t.status, t.id),
  ],
)

/**
 * News articles (docs/product.md "News"). `texts` holds, per language code, `{ title, desc, content }`;
 * `content` is HTML sanitized when saved (and again when served). A reader gets their language,
 * else English, else Traditional Chinese.
 */
export const news = pgTable(
  'news',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id').notNull().default(1),
    logo: text('logo').notNull().default(''),
    texts: jsonb('texts').notNull(),
    published: boolean('published').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('news_category_idx').on(t.categoryId, t.createdAt)],
)

/** A user's support conversation (one per user): open (1) or closed by staff (2); reopened by a new message. */
export const chatConversations = pgTable(
  'chat_conversations',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id),
    status: smallint('status').notNull().default(1),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [index('chat_conversations_recent_idx').on(t.status, t.lastMessageAt)],
)

/**
 * Support chat messages: `sender` 1 the user, 2 staff (named by `staff_name`). Text, an image
 * (an upload), or both. `read_at` is when the other side read it (unread badges count nulls).
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    sender: smallint('sender').notNull(),
    staffName: text('staff_name').notNull().default(''),
    text: text('text').notNull().default(''),
    uploadId: text('upload_id').references(() => uploads.id),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('chat_messages_user_idx').on(t.userId, t.id),
    check('chat_messages_sender', sql`${t.sender} in (1, 2)`),
    check('chat_messages_not_empty', sql`${t.text} <> '' or ${t.uploadId} is not null`),
  ],
)

/**
 * Back-office staff (issue 11), apart from users: their own passwords (argon2id), a TOTP second
 * factor (`totp_secret` base32, `totp_enabled` once confirmed with a first code) and one role:
 * admin (everything), finance, dealer or support.
 */
export const staff = pgTable(
  'staff',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role').notNull(),
    passwordHash: text('password_hash').notNull(),
    totpSecret: text('totp_secret'),
    totpEnabled: boolean('totp_enabled').notNull().default(false),
    /** The last TOTP time step accepted: a code is good once (RFC 6238 section 5.2). */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    failedLogins: integer('failed_logins').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /**
     * Issue 22: the password is a temporary one another admin was given (a new staff member, or a
     * reset second factor): the next sign-in sets the staff member's own before anything else.
     */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('staff_email_key').on(sql`lower(${t.email})`),
    check('staff_role', sql`${t.role} in ('admin', 'finance', 'dealer', 'support')`),
  ],
)

/** Single-use recovery codes of a staff member's second factor; only hashes are kept. */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('staff_recovery_codes_staff_idx').on(t.staffId)],
)

/**
 * Staff sign-ins. `stage` 1: the password was right, the second factor is still owed (a short
 * life); 2: signed in. Tokens are kept as hashes, as users' are, in a table of their own: a user's
 * token is never a staff token.
 */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id),
    tokenHash: text('token_hash').notNull().unique(),
    stage: smallint('stage').notNull(),
    address: text('address').notNull().default(''),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('staff_sessions_staff_idx').on(t.staffId)],
)

/**
 * Every staff action, append-only (a trigger refuses updates and deletes): who, what, on what,
 * the state before and after, and from which address.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    staffId: integer('staff_id').references(() => staff.id),
    staffEmail: text('staff_email').notNull(),
    action: text('action').notNull(),
    target: text('target').notNull().default(''),
    before: jsonb('before'),
    after: jsonb('after'),
    address: text('address').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_action_idx').on(t.action, t.id), index('audit_log_staff_idx').on(t.staffId, t.id)],
)

/**
 * Manual balance adjustments (ledger type 10 with a memo). One above the four-eyes amount waits
 * (status 0) for a second admin, who applies (1) or rejects (2) it; the requester never may.
 */
export const balanceAdjustments = pgTable(
  'balance_adjustments',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    amount: money('amount').notNull(),
    memo: text('memo').notNull(),
    status: smallint('status').notNull().default(0),
    requestedBy: integer('requested_by')
      .notNull()
      .references(() => staff.id),
    decidedBy: integer('decided_by').references(() => staff.id),
    createdAt: createdAt(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    index('balance_adjustments_status_idx').on(t.status, t.id),
    check('balance_adjustments_not_zero', sql`${t.amount} <> 0`),
    check('balance_adjustments_four_eyes', sql`${t.decidedBy} is null or ${t.decidedBy} <> ${t.requestedBy}`),
  ],
)

/**
 * Issue 22: a staff change that needs a second admin (decision 028): a setting that guards money,
 * an instrument's fee, swap or a raised leverage, a staff member made admin or finance, a second
 * factor reset. `payload` holds what is asked (`after`) and what it found (`before`): approval
 * re-checks `before` against the present and applies `after` in the transaction that decides.
 * The requester can never decide it (the check below, and the code).
 */
export const staffApprovals = pgTable(
  'staff_approvals',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    target: text('target').notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status').notNull().default('waiting'),
    requestedBy: integer('requested_by')
      .notNull()
      .references(() => staff.id),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    decidedBy: integer('decided_by').references(() => staff.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    index('staff_approvals_status_idx').on(t.status, t.id),
    check('staff_approvals_status', sql`${t.status} in ('waiting', 'approved', 'rejected', 'cancelled')`),
    check('staff_approvals_four_eyes', sql`${t.decidedBy} is null or ${t.decidedBy} <> ${t.requestedBy}`),
  ],
)

/**
 * Issue 25: what users send from /feedback, and what staff make of it. Stored as typed (plain text,
 * checked by packages/contracts/src/feedback.ts) with who sent it, from which account (demo or
 * real), in which language and when; `status` and `answer` are staff's (the user reads both), every
 * change of them audited (`feedback.update`).
 */
export const feedback = pgTable(
  'feedback',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** The account it was sent from: a demo account (true) or the real one. */
    demoAccount: boolean('demo_account').notNull(),
    category: text('category').notNull(),
    text: text('text').notNull(),
    contactEmail: text('contact_email').notNull().default(''),
    appVersion: text('app_version').notNull().default(''),
    screen: text('screen').notNull().default(''),
    language: text('language').notNull(),
    status: text('status').notNull().default('new'),
    answer: text('answer').notNull().default(''),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    handledBy: integer('handled_by').references(() => staff.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    index('feedback_user_idx').on(t.userId, t.id),
    index('feedback_user_time_idx').on(t.userId, t.createdAt),
    index('feedback_status_idx').on(t.status, t.id),
    check('feedback_category', sql`${t.category} in ('bug', 'idea', 'trading', 'money', 'other')`),
    check('feedback_status', sql`${t.status} in ('new', 'read', 'answered', 'closed')`),
    check('feedback_answered_has_answer', sql`${t.status} <> 'answered' or ${t.answer} <> ''`),
  ],
)

/**
 * A client's notification (issue 26, decision 043): written in the transaction of what caused it
 * (a staff decision on a deposit, withdrawal or identity check), at most once per cause (`ref`, the
 * row it is about, is unique per user and kind), and read in the app's inbox. `params` holds the
 * figures its text is written from in the reader's language; `detail` what staff wrote (plain text).
 */
export const notices = pgTable(
  'notices',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind').notNull(),
    ref: text('ref').notNull(),
    params: jsonb('params').$type<Record<string, string | number>>().notNull().default({}),
    detail: text('detail').notNull().default(''),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** When its sends (push, e-mail) were planned, after the commit that wrote it; null until then. */
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('notices_cause_idx').on(t.userId, t.kind, t.ref),
    index('notices_undispatched_idx')
      .on(t.id)
      .where(sql`${t.dispatchedAt} is null`),
    index('notices_user_idx').on(t.userId, t.id),
    index('notices_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
  ],
)

/** A device's web push subscription (issue 26): where the browser's push service takes messages for it. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
)

/**
 * One notice's send on one channel to one target (an e-mail; a push to one device), claimed before
 * it is sent: pending → sending → sent (or failed after its tries; `unknown` when a process died
 * while sending it, which is never sent again). Docs/decisions/044.
 */
export const noticeSends = pgTable(
  'notice_sends',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    noticeId: bigint('notice_id', { mode: 'number' })
      .notNull()
      .references(() => notices.id),
    channel: text('channel').notNull(),
    subscriptionId: integer('subscription_id').references(() => pushSubscriptions.id, {
      onDelete: 'cascade',
    }),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAt: timestamp('next_at', { withTimezone: true }).notNull().defaultNow(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('notice_sends_target_key').on(t.noticeId, t.channel, t.subscriptionId).nullsNotDistinct(),
    index('notice_sends_due_idx')
      .on(t.nextAt)
      .where(sql`${t.status} = 'pending'`),
  ],
)

/** A kind's channel as the user chose it; no row: the default (`noticeChannelDefault`). */
export const noticePrefs = pgTable(
  'notice_prefs',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind').notNull(),
    channel: text('channel').notNull(),
    enabled: boolean('enabled').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.channel] })],
)

/**
 * A version of a legal document (issue 26, decision 045): a draft until published, then never
 * changed; the current version of a kind is its newest published one.
 */
export const legalDocuments = pgTable(
  'legal_documents',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    version: integer('version').notNull(),
    /** Title and body per language code (plain text); English always there. */
    texts: jsonb('texts').$type<Record<string, { title: string; body: string }>>().notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [unique('legal_documents_version_key').on(t.kind, t.version)],
)

/** A client's acceptance of one version of a document: when, from where, and through what. */
export const consents = pgTable(
  'consents',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    documentId: integer('document_id')
      .notNull()
      .references(() => legalDocuments.id),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull(),
    /** The client's address as the server saw it (TRUST_PROXY decides whose header counts). */
    address: text('address').notNull(),
    /** `register` or `app` (the legal page). */
    via: text('via').notNull(),
  },
  (t) => [
    unique('consents_user_document_key').on(t.userId, t.documentId),
    index('consents_document_idx').on(t.documentId),
  ],
)

/** A version of the appropriateness questionnaire (issue 26, decision 046): the newest is the one asked. */
export const appropriatenessVersions = pgTable('appropriateness_versions', {
  id: serial('id').primaryKey(),
  version: integer('version').notNull().unique(),
  /** Each question's right option and its texts per language (English always there). */
  questions: jsonb('questions')
    .$type<{ correct: number; texts: Record<string, { question: string; options: string[] }> }[]>()
    .notNull(),
  passScore: integer('pass_score').notNull(),
  createdAt: createdAt(),
})

/** A client's answers to one version, scored; a failed one may be acknowledged to go on. */
export const appropriatenessResults = pgTable(
  'appropriateness_results',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    versionId: integer('version_id')
      .notNull()
      .references(() => appropriatenessVersions.id),
    answers: jsonb('answers').$type<number[]>().notNull(),
    score: integer('score').notNull(),
    passed: boolean('passed').notNull(),
    /** When the client, warned that the product may not suit them, chose to go on. */
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    address: text('address').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('appropriateness_results_user_idx').on(t.userId, t.id)],
)

/**
 * A FIX session's sequence numbers (issue 28, decision 050), kept so that a restart, or a standby
 * taking over, logs on to the provider where the last connection left off.
 */
export const fixSessions = pgTable('fix_sessions', {
  /** `FIX.4.4-SENDER-TARGET`, as jspurefix names a session. */
  sessionId: text('session_id').primaryKey(),
  /** The next sequence number this side sends. */
  senderSeqNum: integer('sender_seq_num').notNull(),
  /** The next sequence number expected from the provider. */
  targetSeqNum: integer('target_seq_num').notNull(),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * Spread markups per client group (issue 28, decision 052): the clients of `client_group` see and
 * trade `instrument_id` this many points wider than the house's price (half off the bid, the rest on
 * the ask). No row: the house's price. Changed only through a second admin's approval.
 */
export const groupMarkups = pgTable(
  'group_markups',
  {
    instrumentId: integer('instrument_id')
      .notNull()
      .references(() => instruments.id),
    clientGroup: text('client_group').notNull(),
    points: integer('points').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.instrumentId, t.clientGroup] }),
    check('group_markups_points', sql`${t.points} > 0 and ${t.points} <= 10000`),
  ],
)

/**
 * What the house passes on to liquidity providers (issue 28, decision 051): a rule per instrument
 * and client group, either one null for "any". The most specific rule that matches decides.
 */
export const hedgeRules = pgTable(
  'hedge_rules',
  {
    id: serial('id').primaryKey(),
    instrument: text('instrument'),
    clientGroup: text('client_group'),
    /** `b_book`, `a_book` or `hybrid`. */
    mode: text('mode').notNull(),
    /** `hybrid`: the net, in lots, the house keeps before passing the rest on. */
    thresholdLots: numeric('threshold_lots', { precision: 12, scale: 4 }).notNull().default('0'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('hedge_rules_scope_key').on(
      sql`coalesce(${t.instrument}, '')`,
      sql`coalesce(${t.clientGroup}, '')`,
    ),
    check('hedge_rules_mode', sql`${t.mode} in ('b_book', 'a_book', 'hybrid')`),
    check('hedge_rules_threshold', sql`${t.thresholdLots} >= 0`),
  ],
)

/**
 * An order the house sent a provider to hedge (issue 28). `status`: `new`
 * (stored, perhaps not yet sent), `working` (the provider has it), `filled`, `partial` (part filled,
 * the rest will not be), `rejected`, `cancelled` (nothing filled). `lots` is signed (a buy is
 * positive); `filled_lots` is not (its side is the order's).
 */
export const hedgeOrders = pgTable(
  'hedge_orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /**
     * The ClOrdID the provider knows it by: unique across installs and restores of a database (a
     * provider refuses a ClOrdID it has seen), not the row's id.
     */
    clOrdId: text('cl_ord_id').notNull().unique(),
    provider: text('provider').notNull(),
    instrumentId: integer('instrument_id')
      .notNull()
      .references(() => instruments.id),
    /** The instrument's contract size when it was sent: the provider's quantities are lots × this. */
    contractSize: numeric('contract_size', { precision: 18, scale: 4 }).notNull(),
    /** `a_book` or `hybrid`: the rule that asked for it. */
    mode: text('mode').notNull(),
    lots: numeric('lots', { precision: 12, scale: 4 }).notNull(),
    filledLots: numeric('filled_lots', { precision: 12, scale: 4 }).notNull().default('0'),
    /** The house's price when it decided (the side it would trade at): slippage is measured from it. */
    refPrice: price('ref_price').notNull(),
    /** The average fill price; 0 until something fills. */
    avgPrice: price('avg_price').notNull().default('0'),
    status: text('status').notNull().default('new'),
    /** The provider's reason for a reject. */
    reason: text('reason').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    index('hedge_orders_open_idx')
      .on(t.status)
      .where(sql`${t.status} in ('new', 'working')`),
    index('hedge_orders_instrument_idx').on(t.instrumentId, t.id),
    check('hedge_orders_mode', sql`${t.mode} in ('a_book', 'hybrid')`),
    check(
      'hedge_orders_status',
      sql`${t.status} in ('new', 'working', 'filled', 'partial', 'rejected', 'cancelled')`,
    ),
    check('hedge_orders_lots', sql`${t.lots} <> 0`),
  ],
)

/**
 * A provider's fill of a hedge order, once per ExecID of the order (a report sent again changes
 * nothing; an ExecID is unique only within a provider's day, so the order is part of the key).
 */
export const hedgeFills = pgTable(
  'hedge_fills',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => hedgeOrders.id),
    provider: text('provider').notNull(),
    execId: text('exec_id').notNull(),
    /** Signed as the order's. */
    lots: numeric('lots', { precision: 12, scale: 4 }).notNull(),
    price: price('price').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('hedge_fills_exec_key').on(t.orderId, t.execId)],
)
