import { z } from 'zod'
import { integer, oneOf } from './numbers.ts'
import { usdAmount } from './money.ts'
import { traderId } from './rank.ts'
import { pageRequest } from './trading.ts'
export * from './light/copy.ts'
export * from './light/admin-copy.ts'

/**
 * Copy trading's calls (issue 29, docs/decisions/053-copy-trading.md): a leader's own settings, and
 * a follower's follows. Amounts are USD decimal strings; shares are whole percents.
 */

/** A follow's id (the engine's ids: orders, alerts and follows share them). */
export const followId = integer({ min: 1, max: Number.MAX_SAFE_INTEGER })

/** A copy stop-loss: 0 (none) or a whole percent from 5 to 95 of the allocation lost. */
export const copyStopLoss = integer({ min: 0, max: 95 }).refine((n) => n === 0 || n >= 5)

/** `POST /api/follow/leader`: offer my trades to be copied (or stop taking new followers), and my profit share. */
export const leaderSettingsRequest = z.object({
  open: oneOf([0, 1]),
  profit_share: integer({ min: 0, max: 100 }),
})

/** `POST /api/follow/start`: follow a trader of the ranking (by uid). */
export const followRequest = z.object({
  id: traderId,
  amount: usdAmount,
  stop_loss: copyStopLoss.default(0),
  /** 1: copy the trader's open positions now too. */
  copy_open: oneOf([0, 1]).default(0),
  /** The profit share the follower was shown (%): refused if the trader changed it meanwhile. */
  profit_share: integer({ min: 0, max: 100 }).optional(),
})

/** `POST /api/follow/change`: pause or resume, a new amount, a new copy stop-loss. */
export const followChangeRequest = z
  .object({
    follow_id: followId,
    paused: oneOf([0, 1]).optional(),
    amount: usdAmount.optional(),
    stop_loss: copyStopLoss.optional(),
  })
  .refine((r) => r.paused !== undefined || r.amount !== undefined || r.stop_loss !== undefined)

/** `POST /api/follow/stop`: stop following, closing the copies (1) or keeping them as my own (0). */
export const followStopRequest = z.object({ follow_id: followId, close: oneOf([0, 1]) })

/** `GET /api/follow/skips`: the trades of one follow that were not copied, newest first. */
export const followSkipsRequest = pageRequest.extend({ follow_id: followId })
