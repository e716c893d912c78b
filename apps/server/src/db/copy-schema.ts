import { sql } from 'drizzle-orm'
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { instruments, users } from './schema.ts'

/*
 * Copy trading (issue 29, docs/decisions/053-copy-trading.md): leaders' settings, follows and the
 * copies a follower did not get. Kept apart from schema.ts, which re-exports these tables. A copy
 * itself is an order row with `copy_of` and `follow_id`.
 */

const money = (name: string) => numeric(name, { precision: 24, scale: 6 })
const at = (name: string) => timestamp(name, { withTimezone: true, precision: 3 })

/** A client who offers its trades to be copied: open to new followers or not, and its profit share. */
export const copyLeaders = pgTable(
  'copy_leaders',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id),
    /** False: no new follower (the running follows go on). */
    open: boolean('open').notNull().default(true),
    profitSharePercent: smallint('profit_share_percent').notNull().default(0),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [check('copy_leaders_share', sql`${t.profitSharePercent} between 0 and 100`)],
)

/**
 * One follow, as the engine's last event said it (the single writer writes it with the trades that
 * changed it). Ids come from `order_ids`. A running one has no `ended_at`; at most one runs per pair.
 */
export const follows = pgTable(
  'follows',
  {
    id: bigint('id', { mode: 'number' }).primaryKey(),
    followerId: integer('follower_id')
      .notNull()
      .references(() => users.id),
    leaderId: integer('leader_id')
      .notNull()
      .references(() => users.id),
    allocation: money('allocation').notNull(),
    copyStopLossPercent: smallint('copy_stop_loss_percent').notNull().default(0),
    profitSharePercent: smallint('profit_share_percent').notNull().default(0),
    paused: boolean('paused').notNull().default(false),
    realized: money('realized').notNull().default('0'),
    highWater: money('high_water').notNull().default('0'),
    sharePaid: money('share_paid').notNull().default('0'),
    startedAt: at('started_at').notNull(),
    endedAt: at('ended_at'),
    endReason: text('end_reason').notNull().default(''),
  },
  (t) => [
    index('follows_follower_idx').on(t.followerId, t.id),
    index('follows_leader_idx').on(t.leaderId, t.id),
    uniqueIndex('follows_running_pair')
      .on(t.followerId, t.leaderId)
      .where(sql`${t.endedAt} is null`),
    check('follows_not_self', sql`${t.followerId} <> ${t.leaderId}`),
  ],
)

/** A leader's trade a follower did not copy, and why (a reason code, shown translated). */
export const copySkips = pgTable(
  'copy_skips',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    followId: bigint('follow_id', { mode: 'number' })
      .notNull()
      .references(() => follows.id),
    followerId: integer('follower_id').notNull(),
    leaderOrderId: bigint('leader_order_id', { mode: 'number' }).notNull(),
    instrumentId: integer('instrument_id')
      .notNull()
      .references(() => instruments.id),
    reason: text('reason').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    index('copy_skips_follow_idx').on(t.followId, t.id),
    index('copy_skips_follower_idx').on(t.followerId, t.id),
  ],
)
