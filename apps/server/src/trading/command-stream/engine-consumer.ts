import type { Redis } from '../../db/redis.ts'
import { UNANSWERED, UNAVAILABLE, type DeskPort } from '../desk.ts'
import {
  ENTRY_FIELD,
  parseEntry,
  type CommandAnswer,
  type CommandEntry,
  type StreamNames,
} from './stream-protocol.ts'

/**
 * What the consumer needs of the desk: commands, run with their key and deadline, and whether it
 * leads (`available` is false while it lost the writer lock, or is rebuilding).
 */
export type CommandRunner = Pick<DeskPort, 'run' | 'available'>

/** The engine's errands other than trades (named requests: a demo account, a withdrawal), answered as they answer. */
export type ErrandRunner = (entry: CommandEntry) => Promise<unknown>

export interface ConsumerOptions {
  /** A connection of its own: a blocking read holds it. */
  reader: Redis
  /** For answers and acknowledgements. */
  writer: Redis
  names: StreamNames
  /** This engine's name in the group (its pending entries are claimed by the next leader). */
  consumer: string
  desk: CommandRunner
  /** Runs the requests that are not trades; without it they are refused (`trading_unavailable`). */
  errands?: ErrandRunner
  /** Told of every request answered, with the gateway's request id (a debug log line). */
  onAnswered?: (line: { requestId?: string; gateway: string; kind: string; ok: boolean; ms: number }) => void
  onError: (error: unknown, context: string) => void
  /** How long one read waits for entries (ms); the loop checks for a stop between reads. */
  blockMs?: number
  /** How many commands may be running at once before the consumer stops reading. */
  maxInFlight?: number
  /**
   * An entry read by a consumer and left unacknowledged this long (ms) is taken over: its consumer
   * died (or lost the writer lock) before answering. Checked about once a second.
   */
  claimIdleMs?: number
}

/**
 * The engine's side of the command stream (decision 049), run beside the desk; it reads and claims
 * only while the desk takes commands (it holds the writer lock and is not rebuilding). It hands each
 * new entry to the desk at once (the desk commits everything that arrived together in one
 * statement), then answers the asking gateway and acknowledges the entry in one step. About once a
 * second it takes over the entries a consumer read and left unacknowledged for a while (a leader that
 * died mid-command): each runs again under its idempotency key, so one that was committed answers as
 * it did and runs nothing.
 */
export function startCommandConsumer(options: ConsumerOptions) {
  const { reader, writer, names, consumer, desk } = options
  const blockMs = options.blockMs ?? 1000
  const maxInFlight = options.maxInFlight ?? 2000
  const claimIdleMs = options.claimIdleMs ?? 1500
  let stopped = false
  /** The stream ids being run here: a claim that finds one of them again leaves it alone. */
  const handling = new Set<string>()
  const running = new Set<Promise<void>>()

  const ensureGroup = async () => {
    try {
      await writer.xgroup('CREATE', names.commands, names.group, '0', 'MKSTREAM')
    } catch (error) {
      if (!String((error as Error).message).includes('BUSYGROUP')) throw error
    }
  }

  const handle = (streamId: string, fields: string[]) => {
    if (handling.has(streamId)) return
    handling.add(streamId)
    const json = fieldOf(fields, ENTRY_FIELD)
    const entry = json === undefined ? { invalid: 'no command field' } : parseEntry(json)
    const done = (async () => {
      try {
        if ('invalid' in entry) {
          // Never run, and no one to answer for sure: dropped with a log line.
          options.onError(new Error(entry.invalid), `a malformed command entry ${streamId} was dropped`)
          await finish(streamId)
        } else {
          const started = performance.now()
          const result = await runEntry(entry)
          // A desk that lost the writer lock (or is rebuilding) answers nothing: the entry stays
          // pending for the desk that leads next (this one once rebuilt, or the standby).
          if (result === UNAVAILABLE && !desk.available) return
          options.onAnswered?.({
            ...(entry.requestId !== undefined && { requestId: entry.requestId }),
            gateway: entry.gateway,
            kind: entry.request.kind === 'trade' ? entry.request.command.kind : entry.request.kind,
            ok: (result as { ok?: boolean }).ok === true,
            ms: Math.round(performance.now() - started),
          })
          const message: CommandAnswer = { id: entry.id, result }
          await finish(streamId, names.answers(entry.gateway), JSON.stringify(message))
        }
      } catch (error) {
        // Left pending: the next leader (or this one after a restart) runs it again under its key.
        options.onError(error, `command ${streamId} could not be answered or acknowledged`)
      } finally {
        handling.delete(streamId)
      }
    })()
    running.add(done)
    void done.finally(() => running.delete(done))
  }

  const runEntry = async (entry: CommandEntry): Promise<unknown> => {
    if (Date.now() >= entry.runBefore) return UNANSWERED
    try {
      const { request } = entry
      if (request.kind === 'trade')
        return await desk.run(entry.userId, request.command, entry.key, entry.requestId, entry.runBefore)
      return options.errands ? await options.errands(entry) : UNAVAILABLE
    } catch (error) {
      options.onError(error, `command of request ${entry.requestId ?? '-'} failed`)
      return UNAVAILABLE
    }
  }

  /**
   * Acknowledges the entry and sends its answer in one step, only if this consumer still holds it:
   * one that another consumer took over meanwhile (this one was too slow, or lost the writer lock)
   * is answered by that one alone, so a gateway never hears "nothing was done" beside an order placed.
   */
  const finish = (streamId: string, channel = '', message = '') =>
    writer.eval(FINISH_IF_HELD, 1, names.commands, names.group, streamId, consumer, channel, message)

  /**
   * Takes the entries left pending `minIdleMs` or longer by any consumer (this one's own after a
   * restart), except those this one is running: XCLAIM checks the idle time again, so two consumers
   * never both take one.
   */
  const claimPending = async (minIdleMs: number) => {
    const pending = (await writer.xpending(
      names.commands,
      names.group,
      'IDLE',
      minIdleMs,
      '-',
      '+',
      500,
    )) as [string, string, number, number][]
    const ids = pending.map(([id]) => id).filter((id) => !handling.has(id))
    if (ids.length === 0) return
    const claimed = (await writer.xclaim(names.commands, names.group, consumer, minIdleMs, ...ids)) as [
      string,
      string[] | null,
    ][]
    for (const [streamId, fields] of claimed) if (fields) handle(streamId, fields)
  }

  const loop = (async () => {
    let ready = false
    let claimedAt = 0
    /**
     * Whether this desk has just begun to lead: every entry pending then is another consumer's that
     * cannot answer any more (only the writer's desk commits, and a late answer of one that no longer
     * holds its entry is never sent), so it is taken at once, not after `claimIdleMs`.
     */
    let takingOver = true
    while (!stopped) {
      try {
        if (!ready) {
          await ensureGroup()
          ready = true
        }
        if (!desk.available) {
          // Not leading now: nothing is read or claimed until it does.
          takingOver = true
          await sleep(100)
          continue
        }
        if (takingOver || Date.now() - claimedAt >= 1000) {
          claimedAt = Date.now()
          await claimPending(takingOver ? 0 : claimIdleMs)
          takingOver = false
        }
        while (handling.size >= maxInFlight && !stopped) await sleep(5)
        const read = (await reader.xreadgroup(
          'GROUP',
          names.group,
          consumer,
          'COUNT',
          500,
          'BLOCK',
          blockMs,
          'STREAMS',
          names.commands,
          '>',
        )) as [string, [string, string[]][]][] | null
        for (const [, entries] of read ?? [])
          for (const [streamId, fields] of entries) handle(streamId, fields)
      } catch (error) {
        if (stopped) break
        // Redis restarted (the group is gone with its stream) or is away: set up again once it answers.
        ready = false
        options.onError(error, 'reading the command stream failed; retrying')
        await sleep(500)
      }
    }
  })()

  return {
    /** Commands being run now (metrics). */
    get inFlight() {
      return handling.size
    },
    /** Stops reading and waits for the commands under way to be answered. */
    async stop() {
      stopped = true
      reader.disconnect()
      await loop
      await Promise.allSettled([...running])
    },
  }
}

/** KEYS[1] the stream; ARGV: group, entry id, consumer, answer channel ('' for none), answer. */
const FINISH_IF_HELD = `
local held = redis.call('XPENDING', KEYS[1], ARGV[1], ARGV[2], ARGV[2], 1, ARGV[3])
if #held == 0 then return 0 end
redis.call('XACK', KEYS[1], ARGV[1], ARGV[2])
redis.call('XDEL', KEYS[1], ARGV[2])
if ARGV[4] ~= '' then redis.call('PUBLISH', ARGV[4], ARGV[5]) end
return 1
`

function fieldOf(fields: string[], name: string): string | undefined {
  for (let i = 0; i + 1 < fields.length; i += 2) if (fields[i] === name) return fields[i + 1]
  return undefined
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
