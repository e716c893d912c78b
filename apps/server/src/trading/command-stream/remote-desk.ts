import { randomUUID } from 'node:crypto'
import type { ClientCommand } from '@tp/engine'
import type { Redis } from '../../db/redis.ts'
import { UNANSWERED, UNAVAILABLE, type DeskPort, type DeskResult, type MoneyResult } from '../desk.ts'
import {
  ENTRY_FIELD,
  type CommandAnswer,
  type CommandEntry,
  type DeskRequest,
  type StreamNames,
} from './stream-protocol.ts'

export interface RemoteDeskOptions {
  /** For adding commands. */
  redis: Redis
  /** A connection of its own, subscribed to this gateway's answers. */
  subscriber: Redis
  names: StreamNames
  /** This gateway's name: unique among the processes on this Redis (its answers' channel). */
  gatewayId: string
  /** How long a caller waits for the engine's answer (ms) before hearing `command_unanswered`. */
  answerWithinMs?: number
  /** How long the engine may still start a command after it was sent (ms); less than the wait. */
  runWithinMs?: number
  /** The stream keeps about this many entries (older ones, answered long ago, are trimmed). */
  maxStreamLength?: number
  onError: (error: unknown, context: string) => void
}

interface Waiting {
  resolve: (result: unknown) => void
  timer: NodeJS.Timeout
}

/**
 * A gateway's way to the trading desk (decision 049): `run` adds the command to the stream with an
 * idempotency key (the client's, or one made here) and waits for the engine's answer on this
 * gateway's channel. Nothing sent (Redis not connected): `trading_unavailable` (safe to send again).
 * Sent, or perhaps sent, but no answer in time: `command_unanswered` (it may have run; the desk runs
 * nothing after `runWithinMs`, and the same key never runs twice).
 */
export class RemoteDesk implements DeskPort {
  private readonly waiting = new Map<string, Waiting>()
  private readonly answerWithinMs: number
  private readonly runWithinMs: number

  private constructor(private readonly options: RemoteDeskOptions) {
    this.answerWithinMs = options.answerWithinMs ?? 10_000
    this.runWithinMs = options.runWithinMs ?? Math.max(0, this.answerWithinMs - 2_000)
  }

  /** Subscribes to this gateway's answers before any command is sent. */
  static async open(options: RemoteDeskOptions): Promise<RemoteDesk> {
    const desk = new RemoteDesk(options)
    const channel = options.names.answers(options.gatewayId)
    options.subscriber.on('message', (from: string, message: string) => {
      if (from === channel) desk.answered(message)
    })
    await options.subscriber.subscribe(channel)
    return desk
  }

  /** Whether commands can be sent now (Redis is connected). */
  get available(): boolean {
    return this.options.redis.status === 'ready' && this.options.subscriber.status === 'ready'
  }

  /** Commands sent and not answered yet (metrics). */
  get queueDepth(): number {
    return this.waiting.size
  }

  run(userId: number, command: ClientCommand, key?: string, requestId?: string): Promise<DeskResult> {
    return this.send(userId, { kind: 'trade', command }, key, requestId) as Promise<DeskResult>
  }

  /**
   * Sends any request (decision 049): the answer as the engine gave it, `trading_unavailable` when
   * nothing was sent, or `command_unanswered`. `userId` 0: a request of no account yet.
   */
  async send(userId: number, request: DeskRequest, key?: string, requestId?: string): Promise<unknown> {
    if (!this.available) return UNAVAILABLE
    // Unique across restarts: a claimed entry of this gateway's earlier life, answered late, never
    // meets a request of this one.
    const id = randomUUID()
    const entry: CommandEntry = {
      id,
      gateway: this.options.gatewayId,
      userId,
      key: key ?? `gateway:${randomUUID()}`,
      request,
      runBefore: Date.now() + this.runWithinMs,
      ...(requestId !== undefined && { requestId }),
    }
    const answer = new Promise<unknown>((resolve) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id)
        resolve(UNANSWERED)
      }, this.answerWithinMs)
      this.waiting.set(id, { resolve, timer })
    })
    try {
      await this.options.redis.xadd(
        this.options.names.commands,
        'MAXLEN',
        '~',
        this.options.maxStreamLength ?? 100_000,
        '*',
        ENTRY_FIELD,
        JSON.stringify(entry),
      )
    } catch (error) {
      // The entry may have reached Redis before the connection failed: it may run.
      this.settle(id, UNANSWERED)
      this.options.onError(error, 'sending a command to the engine failed')
    }
    return answer
  }

  /**
   * Money steps carry their own database work in the desk's transaction, so they run where the desk
   * runs: a gateway refuses them (nothing is written) until they travel as named operations
   * (decision 049). The back office, which makes most of them, is served by the engine process.
   */
  async runMoney(): Promise<MoneyResult> {
    this.options.onError(new Error('a money step was asked of a gateway'), 'money steps run on the engine')
    return UNAVAILABLE
  }

  async openAccount(): Promise<MoneyResult> {
    return this.runMoney()
  }

  /** The catalogue and the risk settings are changed in the back office, on the engine process. */
  async reload(): Promise<void> {}

  /** Answers every waiting caller `command_unanswered` and stops listening. */
  async close(): Promise<void> {
    for (const id of [...this.waiting.keys()]) this.settle(id, UNANSWERED)
    await this.options.subscriber.unsubscribe().catch(() => {})
  }

  private answered(message: string): void {
    let parsed: CommandAnswer
    try {
      parsed = JSON.parse(message) as CommandAnswer
    } catch (error) {
      return this.options.onError(error, 'a malformed answer from the engine was ignored')
    }
    // A second answer to one command (a claimed entry run again) finds no one waiting.
    this.settle(parsed.id, parsed.result)
  }

  private settle(id: string, result: unknown): void {
    const waiting = this.waiting.get(id)
    if (!waiting) return
    this.waiting.delete(id)
    clearTimeout(waiting.timer)
    waiting.resolve(result)
  }
}
