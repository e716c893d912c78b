/**
 * What travels between a gateway process and the engine over Redis (decision 049): a client's
 * command goes on one stream that the engine reads as a consumer group; its answer comes back on the
 * asking gateway's own channel. Every name carries a namespace, so that tests (and two platforms on
 * one Redis) keep apart; pub/sub channels take no key prefix, so the namespace is part of the name.
 */
import { z } from 'zod'
import { LedgerType, Side, withdrawRequest } from '@tp/contracts'
import type { ClientCommand } from '@tp/engine'

export interface StreamNames {
  /** The stream every gateway adds commands to. */
  commands: string
  /** The engine's consumer group on it. */
  group: string
  /** The channel a gateway hears its answers on. */
  answers(gatewayId: string): string
}

export function streamNames(namespace = 'tp:'): StreamNames {
  return {
    commands: `${namespace}commands`,
    group: 'engine',
    answers: (gatewayId) => `${namespace}answers:${gatewayId}`,
  }
}

/**
 * What a gateway asks of the engine: a client's trading command, or one of the few client errands
 * that book money in a transaction of their own (a demo account opened with its starting balance, a
 * withdrawal asked for), named here because a closure cannot travel.
 */
export type DeskRequest =
  | { kind: 'trade'; command: ClientCommand }
  | { kind: 'open_demo'; demoId: string }
  | { kind: 'withdraw'; body: z.infer<typeof withdrawRequest> }

/** A request as a gateway sends it. */
export interface CommandEntry {
  /** Unique per gateway: the answer names it. */
  id: string
  gateway: string
  userId: number
  /** Always set (a gateway makes one when the client sent none): a command re-read after a failover runs at most once. */
  key: string
  request: DeskRequest
  /** The engine runs nothing after this instant (ms since the epoch): the gateway has given up by then. */
  runBefore: number
  /** The request id of the HTTP call, so that the engine's log lines follow it. */
  requestId?: string
}

/** The answer to a request: a DeskResult for a trade, the errand's outcome otherwise. */
export interface CommandAnswer {
  id: string
  result: unknown
}

const id = z.number().int().positive()
const price = z.number().finite().nonnegative()
const lots = z.string().regex(/^\d{1,9}(\.\d{1,8})?$/)
const side = z.union([z.literal(Side.Buy), z.literal(Side.Sell)])

/** The commands an engine accepts from the stream (a gateway's routes have parsed the client's input already). */
const clientCommand = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('open'),
    order: z.object({
      instrumentId: id,
      side,
      lots,
      leverage: z.number().int().positive(),
      stopLoss: price,
      takeProfit: price,
      targetPrice: price.optional(),
      expiresAtMs: z.number().int().nonnegative().optional(),
      seenPrice: price.optional(),
      maxDeviationPoints: z.number().int().nonnegative().optional(),
    }),
  }),
  z.object({ kind: z.literal('close'), orderId: id, lots: lots.optional() }),
  z.object({ kind: z.literal('close_by'), orderId: id, byId: id }),
  z.object({
    kind: z.literal('close_all'),
    pick: z.object({
      instrumentId: id.optional(),
      side: side.optional(),
      result: z.enum(['profitable', 'losing']).optional(),
    }),
  }),
  z.object({ kind: z.literal('cancel'), orderId: id }),
  z.object({
    kind: z.literal('modify_pending'),
    orderId: id,
    change: z.object({
      targetPrice: price,
      stopLoss: price,
      takeProfit: price,
      expiresAtMs: z.number().int().nonnegative(),
    }),
  }),
  z.object({ kind: z.literal('set_stops'), orderId: id, stopLoss: price, takeProfit: price }),
  z.object({ kind: z.literal('set_trailing'), orderId: id, points: z.number().int().nonnegative() }),
  z.object({ kind: z.literal('add_alert'), instrumentId: id, above: z.boolean(), price }),
  z.object({ kind: z.literal('remove_alert'), alertId: id }),
  z.object({
    kind: z.literal('reset_account'),
    balance: z.string().regex(/^\d{1,15}(\.\d{1,2})?$/),
    type: z.literal(LedgerType.DEMO_RESET),
  }),
  z.object({
    kind: z.literal('follow'),
    follow: z.object({
      leaderId: id,
      allocation: z.string().regex(/^\d{1,12}(\.\d{1,2})?$/),
      copyStopLossPercent: z.number().int().min(0).max(95),
      profitSharePercent: z.number().int().min(0).max(100),
      copyOpen: z.boolean(),
    }),
  }),
  z.object({
    kind: z.literal('change_follow'),
    followId: id,
    change: z.object({
      paused: z.boolean().optional(),
      allocation: z
        .string()
        .regex(/^\d{1,12}(\.\d{1,2})?$/)
        .optional(),
      copyStopLossPercent: z.number().int().min(0).max(95).optional(),
    }),
  }),
  z.object({ kind: z.literal('unfollow'), followId: id, closeCopies: z.boolean() }),
]) satisfies z.ZodType<ClientCommand>

const deskRequest = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('trade'), command: clientCommand }),
  z.object({ kind: z.literal('open_demo'), demoId: z.string().min(1).max(100) }),
  z.object({
    kind: z.literal('withdraw'),
    // The client's request as the route checked it (the same rules: the contract's schema).
    body: withdrawRequest,
  }),
]) satisfies z.ZodType<DeskRequest>

const commandEntry = z.object({
  id: z.string().min(1).max(100),
  gateway: z.string().min(1).max(100),
  // 0: a request of no account yet (a demo account being opened).
  userId: z.number().int().nonnegative(),
  key: z.string().min(1).max(200),
  request: deskRequest,
  runBefore: z.number().int().positive(),
  requestId: z.string().max(200).optional(),
})

/** The field of a stream entry that holds the command. */
export const ENTRY_FIELD = 'c'

/** A stream entry's command, or why it cannot be run (a malformed entry is never run). */
export function parseEntry(json: string): CommandEntry | { invalid: string } {
  let value: unknown
  try {
    value = JSON.parse(json)
  } catch {
    return { invalid: 'not JSON' }
  }
  const parsed = commandEntry.safeParse(value)
  return parsed.success ? (parsed.data as CommandEntry) : { invalid: parsed.error.message }
}
