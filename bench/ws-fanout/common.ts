/**
 * What the bench's processes share: the IPC messages, the tick generator both servers run and the
 * latency histogram the clients fill.
 */
import { readFileSync } from 'node:fs'

/** Instruments that tick; the catalogue has 34, the platform server adds copies up to this. */
export const INSTRUMENT_COUNT = 50

/** Latency histogram: 1 ms buckets (ticks carry Unix ms), the last one collects everything slower. */
export const HIST_MAX_MS = 60_000

// ---- IPC ---------------------------------------------------------------------------------------

/** The measurement window, in wall-clock Unix ms, the same for every process. */
export interface Window {
  startAt: number
  endAt: number
}

export type ToServer =
  | { type: 'awaitSubscribers'; count: number; timeoutMs: number }
  | { type: 'ticks'; rate: number | 'max' }
  | { type: 'stopTicks' }
  | ({ type: 'window' } & Window)
  | { type: 'exit' }

export type FromServer =
  | { type: 'ready'; port: number; rss: number; heapUsed: number; instruments: number }
  | { type: 'subscribed'; count: number; rss: number; heapUsed: number }
  | {
      type: 'windowReport'
      /** Ticks whose time fell in the window. */
      ticks: number
      /** Ticks the pacing could not emit in time (the timer fell behind and skipped them). */
      skipped: number
      /** Server CPU (user + system) over the window, ms, and the wall time it was measured over. */
      cpuMs: number
      /** Of that, the main (JavaScript) thread's; the rest is V8's GC helpers and libuv's pool. */
      mainCpuMs: number
      wallMs: number
      rss: number
      /** The platform hub's counters over the window; undefined for the bare server. */
      hub?: { frames: number; merged: number; dropped: number }
      /** Longest event-loop block seen in the window (ms), from a 10 ms probe timer. */
      maxLagMs: number
    }

export type ToWorker =
  | {
      type: 'connect'
      port: number
      count: number
      batch: number
      connectTimeoutMs: number
      /**
       * Each socket says it comes from its own address (X-Forwarded-For 10.x.y.z from this number on),
       * as real phones do, for a server that trusts this machine as its proxy (bench/load).
       */
      forwardedFrom?: number
    }
  | ({ type: 'window' } & Window)
  | { type: 'exit' }

export type FromWorker =
  | { type: 'connected'; open: number; failed: number; errors: string[] }
  | {
      type: 'report'
      open: number
      /** Sockets closed since they connected (the server dropped them or they failed). */
      closed: number
      frames: number
      /** Payload bytes of those frames (the size of a DAY_MARKET message, times frames). */
      payloadBytes: number
      /** Frames of the window per socket: the least and the most any socket got. */
      minPerSocket: number
      maxPerSocket: number
      /** Sparse latency histogram: [ms, count] pairs. */
      hist: [number, number][]
      cpuMs: number
    }

// ---- ticks -------------------------------------------------------------------------------------

export interface TickingInstrument {
  code: string
  id: number
  precision: number
  spreadPoints: number
  bid: number
}

export interface GeneratedTick {
  inst: TickingInstrument
  code: string
  bid: number
  ask: number
  timeMs: number
}

const round = (x: number, precision: number) => {
  const f = 10 ** precision
  return Math.round(x * f) / f
}

/**
 * Emits ticks round-robin over the instruments at a total rate, evenly spaced. Falling more than
 * half a second behind (a server too busy to keep the pace), it skips the ticks it missed rather
 * than bursting them. `rate: 'max'` emits one tick per event-loop turn: as many as the server can.
 */
export class Ticker {
  private next = 0
  private timer: NodeJS.Timeout | NodeJS.Immediate | undefined
  private running = false
  skipped = 0

  constructor(
    private readonly instruments: TickingInstrument[],
    private readonly onTick: (tick: GeneratedTick) => void,
  ) {}

  start(rate: number | 'max'): void {
    this.stop()
    this.running = true
    if (rate === 'max') {
      const loop = () => {
        if (!this.running) return
        this.emit()
        this.timer = setImmediate(loop)
      }
      this.timer = setImmediate(loop)
      return
    }
    const intervalMs = 1000 / rate
    const maxBehind = Math.max(1, Math.ceil(rate / 2))
    const t0 = performance.now()
    let emitted = 0
    const loop = () => {
      if (!this.running) return
      const due = Math.floor((performance.now() - t0) / intervalMs) + 1
      if (due - emitted > maxBehind) {
        this.skipped += due - emitted - 1
        emitted = due - 1
      }
      while (emitted < due) {
        emitted++
        this.emit()
      }
      const wait = t0 + emitted * intervalMs - performance.now()
      this.timer = setTimeout(loop, Math.max(0, wait))
    }
    loop()
  }

  stop(): void {
    this.running = false
    if (this.timer) {
      clearTimeout(this.timer as NodeJS.Timeout)
      clearImmediate(this.timer as NodeJS.Immediate)
    }
    this.timer = undefined
  }

  private emit(): void {
    const inst = this.instruments[this.next] as TickingInstrument
    this.next = (this.next + 1) % this.instruments.length
    // A small random walk; prices stay positive and the ask is the bid plus the spread.
    const moved = round(inst.bid * (1 + (Math.random() - 0.5) * 2e-4), inst.precision)
    if (moved > 0) inst.bid = moved
    const ask = round(inst.bid + inst.spreadPoints / 10 ** inst.precision, inst.precision)
    this.onTick({ inst, code: inst.code, bid: inst.bid, ask, timeMs: Date.now() })
  }
}

// ---- server side of the IPC --------------------------------------------------------------------

export interface ServerHooks {
  subscriberCount(): number
  hubStats?(): { frames: number; merged: number; dropped: number }
  close(): Promise<void>
}

const send = (message: FromServer) => process.send?.(message)

/** CPU of this process's main thread (user + system), ms, at jiffy (10 ms) resolution. */
function mainThreadCpuMs(): number {
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return (Number(fields[11]) + Number(fields[12])) * 10
  } catch {
    return NaN
  }
}

const gc = () => (globalThis as { gc?: () => void }).gc?.()

/** Memory after a full collection (when --expose-gc is on), so garbage does not count. */
export function memory(): { rss: number; heapUsed: number } {
  gc()
  gc()
  const { rss, heapUsed } = process.memoryUsage()
  return { rss, heapUsed }
}

/**
 * Memory once it stops moving: a process that just loaded PGlite hands pages back to the system for
 * many seconds (hundreds of MB, in steps), which would swamp the memory the sockets add. Samples
 * every 500 ms until the last 3 s moved less than 2 MiB, for at most `maxMs`.
 */
export async function settledMemory(maxMs: number): Promise<{ rss: number; heapUsed: number }> {
  const deadline = Date.now() + maxMs
  const samples: number[] = []
  for (;;) {
    const m = memory()
    samples.push(m.rss)
    const recent = samples.slice(-7)
    if (recent.length === 7 && Math.max(...recent) - Math.min(...recent) < 2 * 2 ** 20) return m
    if (Date.now() >= deadline) return m
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
}

/** What paces the ticks: the bench's Ticker, or a gate on the platform's own price source. */
export interface TickDriver {
  start(rate: number | 'max'): void
  stop(): void
  readonly skipped: number
}

/**
 * Runs the parent's commands in a server process: waits for subscribers, paces ticks, measures a
 * window. `countTick` is called by the server for every tick it published.
 */

export function serveControl(ticker: TickDriver, hooks: ServerHooks): { countTick(timeMs: number): void } {
  let window: Window | undefined
  let ticksInWindow = 0
  const countTick = (timeMs: number) => {
    if (window && timeMs >= window.startAt && timeMs < window.endAt) ticksInWindow++
  }

  // Event-loop lag probe: how late a 10 ms timer fires.
  let maxLagMs = 0
  let expected = performance.now() + 10
  const probe = setInterval(() => {
    const now = performance.now()
    maxLagMs = Math.max(maxLagMs, now - expected)
    expected = now + 10
  }, 10)
  probe.unref()

  const measureWindow = (w: Window) => {
    window = w
    ticksInWindow = 0
    let cpu0: NodeJS.CpuUsage
    let main0 = 0
    let wall0 = 0
    let skipped0 = 0
    let hub0 = hooks.hubStats?.()
    setTimeout(
      () => {
        cpu0 = process.cpuUsage()
        main0 = mainThreadCpuMs()
        wall0 = performance.now()
        skipped0 = ticker.skipped
        hub0 = hooks.hubStats?.()
        maxLagMs = 0
      },
      Math.max(0, w.startAt - Date.now()),
    )
    setTimeout(
      () => {
        const cpu = process.cpuUsage(cpu0)
        const mainCpuMs = mainThreadCpuMs() - main0
        const wallMs = performance.now() - wall0
        const hub1 = hooks.hubStats?.()
        // Ticks stamped just before the end may still be on their way out; give them a moment.
        setTimeout(() => {
          send({
            type: 'windowReport',
            ticks: ticksInWindow,
            skipped: ticker.skipped - skipped0,
            cpuMs: (cpu.user + cpu.system) / 1000,
            mainCpuMs,
            wallMs,
            rss: process.memoryUsage().rss,
            hub:
              hub0 && hub1
                ? {
                    frames: hub1.frames - hub0.frames,
                    merged: hub1.merged - hub0.merged,
                    dropped: hub1.dropped - hub0.dropped,
                  }
                : undefined,
            maxLagMs,
          })
        }, 50)
      },
      Math.max(0, w.endAt - Date.now()),
    )
  }

  process.on('message', (message: ToServer) => {
    switch (message.type) {
      case 'awaitSubscribers': {
        const deadline = Date.now() + message.timeoutMs
        const check = () => {
          const count = hooks.subscriberCount()
          if (count >= message.count || Date.now() > deadline) {
            // Let the last subscriptions' garbage settle before reading memory.
            setTimeout(() => send({ type: 'subscribed', count, ...memory() }), 200)
          } else setTimeout(check, 50)
        }
        check()
        return
      }
      case 'ticks':
        return ticker.start(message.rate)
      case 'stopTicks':
        return ticker.stop()
      case 'window':
        return measureWindow(message)
      case 'exit':
        ticker.stop()
        void hooks.close().finally(() => process.exit(0))
        // A server that will not close (sockets lingering) still goes.
        setTimeout(() => process.exit(0), 3000).unref()
        return
    }
  })
  // The parent is gone: so are we.
  process.on('disconnect', () => process.exit(0))
  return { countTick }
}
