import type { FastifyReply } from 'fastify'
import type { AdminQueueEvent } from '@tp/contracts'
import { staffEvents } from '../../events/staff-events.ts'

/** How often a stream is kept alive, and how often its staff session is checked. */
export const STREAM_TIMING = {
  /** Proxies close a silent connection after a minute or so; a comment line keeps it open. */
  pingMs: 25_000,
  /** A signed-out or expired session's stream ends within this. */
  sessionCheckMs: 5_000,
}

/** Streams one staff member may hold at once: a few tabs, not a flood of connections. */
export const MAX_STREAMS_PER_STAFF = 8

export interface StreamOptions {
  staffId: number
  /** Whether the stream's staff session is still signed in. */
  stillSignedIn: () => Promise<boolean>
  onError: (error: unknown) => void
}

/**
 * The staff's Server-Sent Events: `data: {"type":"queue","queue":…}` for each new item, a comment
 * line every `pingMs`, until the client goes, the session ends or the server closes.
 */
export class StaffStreams {
  private readonly open = new Set<() => void>()
  private readonly perStaff = new Map<number, number>()

  /** Whether `staffId` may open one more stream. */
  admits(staffId: number): boolean {
    return (this.perStaff.get(staffId) ?? 0) < MAX_STREAMS_PER_STAFF
  }

  serve(reply: FastifyReply, options: StreamOptions): void {
    reply.hijack()
    const raw = reply.raw
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      // nginx would otherwise hold events back in its buffer.
      'x-accel-buffering': 'no',
      // A hijacked answer skips the onSend hook that sets this on every other answer.
      'x-content-type-options': 'nosniff',
    })
    raw.write(': connected\n\n')
    this.perStaff.set(options.staffId, (this.perStaff.get(options.staffId) ?? 0) + 1)

    const unsubscribe = staffEvents.subscribe((queue) => {
      const event: AdminQueueEvent = { type: 'queue', queue }
      raw.write(`data: ${JSON.stringify(event)}\n\n`)
    })
    const ping = setInterval(() => raw.write(': ping\n\n'), STREAM_TIMING.pingMs)
    let checking = false
    const check = setInterval(() => {
      if (checking) return
      checking = true
      options
        .stillSignedIn()
        .then((live) => {
          if (!live) close()
        })
        .catch(options.onError)
        .finally(() => {
          checking = false
        })
    }, STREAM_TIMING.sessionCheckMs)

    let closed = false
    const close = () => {
      if (closed) return
      closed = true
      unsubscribe()
      clearInterval(ping)
      clearInterval(check)
      this.open.delete(close)
      const left = (this.perStaff.get(options.staffId) ?? 1) - 1
      if (left > 0) this.perStaff.set(options.staffId, left)
      else this.perStaff.delete(options.staffId)
      if (!raw.writableEnded) raw.end()
    }
    this.open.add(close)
    // The response's close, not the request's: a GET's request stream ends as soon as it is read.
    raw.on('close', close)
    raw.on('error', close)
  }

  /** Ends every stream (the server is closing: open streams would hold it up). */
  closeAll(): void {
    for (const close of [...this.open]) close()
  }
}
