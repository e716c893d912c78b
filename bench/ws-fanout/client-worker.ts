/**
 * One client process: opens its share of the sockets, subscribes each to DAY_MARKET, pings every
 * 5 s, and in the measurement window counts DAY_MARKET frames and their tick-to-client latency.
 *
 * The sockets are raw TCP with a minimal WebSocket framing (RFC 6455) rather than the `ws` client:
 * these processes share the machine's two cores with the server, so every microsecond a client
 * spends on a frame is one the server does not get. Per data chunk: one Date.now(); per frame: a
 * header read and a backwards scan of the payload's last number, `quotation.time`; no JSON.parse,
 * no events per message.
 */
import { connect, type Socket } from 'node:net'
import { HIST_MAX_MS, type FromWorker, type ToWorker } from './common.ts'

interface Client {
  socket: Socket
  upgraded: boolean
  /** Bytes of a frame split across chunks. */
  pending: Buffer | undefined
  frames: number
  open: boolean
}

/** A masked client text frame (clients must mask; the key need not be secret here). */
function clientFrame(text: string): Buffer {
  const payload = Buffer.from(text)
  if (payload.length > 125) throw new Error('client frame too long')
  const mask = [0x12, 0x34, 0x56, 0x78]
  const out = Buffer.alloc(6 + payload.length)
  out[0] = 0x81
  out[1] = 0x80 | payload.length
  out.set(mask, 2)
  for (let i = 0; i < payload.length; i++) out[6 + i] = payload[i]! ^ mask[i % 4]!
  return out
}

const SUB = clientFrame('{"type":"sub","params":"DAY_MARKET"}')
const PING = clientFrame('{"type":"ping"}')
const HEADER_END = Buffer.from('\r\n\r\n')
const TIME_KEY = Buffer.from('"time":')

const clients: Client[] = []
const hist = new Uint32Array(HIST_MAX_MS + 1)
let windowStart = Infinity
let windowEnd = -Infinity
let frames = 0
let payloadBytes = 0
let closed = 0

const send = (message: FromWorker) => process.send?.(message)

/** `quotation.time` of a DAY_MARKET payload [from, to): its last number, just before the closing braces. */
function tickTime(buf: Buffer, from: number, to: number): number {
  let j = to - 1
  while (j > from && buf[j] === 0x7d /* } */) j--
  let t = 0
  let mul = 1
  while (j > from) {
    const c = buf[j]!
    if (c < 48 || c > 57) break
    t += (c - 48) * mul
    mul *= 10
    j--
  }
  // The key must be right before the digits; otherwise (another field order) search for it.
  if (buf[j] === 0x3a && buf[j - 1] === 0x22 && buf[j - 2] === 0x65) return t
  const at = buf.indexOf(TIME_KEY, from)
  if (at < 0 || at >= to) return NaN
  t = 0
  for (let k = at + TIME_KEY.length; k < to; k++) {
    const c = buf[k]!
    if (c < 48 || c > 57) break
    t = t * 10 + (c - 48)
  }
  return t
}

function onFrames(client: Client, chunk: Buffer): void {
  let buf = chunk
  if (client.pending) {
    buf = Buffer.concat([client.pending, chunk])
    client.pending = undefined
  }
  const now = Date.now()
  const counting = now >= windowStart && now < windowEnd
  const n = buf.length
  let i = 0
  while (n - i >= 2) {
    const b1 = buf[i + 1]! & 0x7f
    let header = 2
    let length = b1
    if (b1 === 126) {
      if (n - i < 4) break
      length = buf.readUInt16BE(i + 2)
      header = 4
    } else if (b1 === 127) {
      if (n - i < 10) break
      length = buf.readUInt32BE(i + 6)
      header = 10
    }
    const end = i + header + length
    if (end > n) break
    const opcode = buf[i]! & 0x0f
    // {"type":"DAY_MARKET"...: the 10th byte of the payload is the D.
    if (counting && (opcode === 1 || opcode === 2) && buf[i + header + 9] === 0x44) {
      const time = tickTime(buf, i + header, end)
      if (time === time) {
        const ms = now - time
        hist[ms < 0 ? 0 : ms > HIST_MAX_MS ? HIST_MAX_MS : ms]!++
      }
      frames++
      payloadBytes += length
      client.frames++
    }
    i = end
  }
  if (i < n) client.pending = buf.subarray(i)
}

/** The address a socket's upgrade says it comes from (bench/load): 10.x.y.z from `n`. */
const address = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`

function open(port: number, timeoutMs: number, forwardedFrom?: number): Promise<string | undefined> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' })
    const client: Client = { socket, upgraded: false, pending: undefined, frames: 0, open: false }
    let head: Buffer | undefined
    let settled = false
    const settle = (error: string | undefined) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      resolve(error)
    }
    const timer = setTimeout(() => {
      socket.destroy()
      settle('timeout')
    }, timeoutMs)
    socket.on('connect', () => {
      socket.write(
        `GET /v1/ws HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
          `Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n` +
          (forwardedFrom === undefined ? '' : `X-Forwarded-For: ${address(forwardedFrom)}\r\n`) +
          '\r\n',
      )
    })
    socket.on('data', (chunk: Buffer) => {
      if (client.upgraded) return onFrames(client, chunk)
      head = head ? Buffer.concat([head, chunk]) : chunk
      const at = head.indexOf(HEADER_END)
      if (at < 0) return
      if (!head.subarray(0, 12).toString().startsWith('HTTP/1.1 101')) {
        socket.destroy()
        return settle(`handshake: ${head.subarray(0, 40).toString().split('\r\n')[0]}`)
      }
      client.upgraded = true
      client.open = true
      clients.push(client)
      socket.write(SUB)
      const rest = head.subarray(at + HEADER_END.length)
      head = undefined
      if (rest.length) onFrames(client, rest)
      settle(undefined)
    })
    socket.on('error', (error) => {
      settle(error.message)
    })
    socket.on('close', () => {
      if (client.open) {
        client.open = false
        closed++
      }
      settle('closed during handshake')
    })
  })
}

// Every socket pings every 5 s: a fifth of them each second.
let pingRound = 0
const pinger = setInterval(() => {
  const round = pingRound++ % 5
  for (let i = round; i < clients.length; i += 5) {
    const client = clients[i]!
    if (client.open) client.socket.write(PING)
  }
}, 1000)

process.on('message', async (message: ToWorker) => {
  switch (message.type) {
    case 'connect': {
      let failed = 0
      const errors = new Map<string, number>()
      for (let done = 0; done < message.count; done += message.batch) {
        const size = Math.min(message.batch, message.count - done)
        const results = await Promise.all(
          Array.from({ length: size }, (_, i) =>
            open(
              message.port,
              message.connectTimeoutMs,
              message.forwardedFrom === undefined ? undefined : message.forwardedFrom + done + i,
            ),
          ),
        )
        for (const error of results) {
          if (error === undefined) continue
          failed++
          errors.set(error, (errors.get(error) ?? 0) + 1)
        }
      }
      send({
        type: 'connected',
        open: clients.filter((c) => c.open).length,
        failed,
        errors: [...errors].map(([e, n]) => `${e} ×${n}`),
      })
      return
    }
    case 'window': {
      windowStart = message.startAt
      windowEnd = message.endAt
      frames = 0
      payloadBytes = 0
      hist.fill(0)
      for (const client of clients) client.frames = 0
      let cpu0: NodeJS.CpuUsage | undefined
      setTimeout(() => (cpu0 = process.cpuUsage()), Math.max(0, message.startAt - Date.now()))
      setTimeout(
        () => {
          const cpu = process.cpuUsage(cpu0)
          let min = Infinity
          let max = 0
          for (const client of clients) {
            if (!client.open) continue
            min = Math.min(min, client.frames)
            max = Math.max(max, client.frames)
          }
          const sparse: [number, number][] = []
          for (let ms = 0; ms <= HIST_MAX_MS; ms++) if (hist[ms]) sparse.push([ms, hist[ms]!])
          send({
            type: 'report',
            open: clients.filter((c) => c.open).length,
            closed,
            frames,
            payloadBytes,
            minPerSocket: min === Infinity ? 0 : min,
            maxPerSocket: max,
            hist: sparse,
            cpuMs: (cpu.user + cpu.system) / 1000,
          })
        },
        Math.max(0, message.endAt - Date.now()) + 20,
      )
      return
    }
    case 'exit':
      clearInterval(pinger)
      for (const client of clients) client.socket.destroy()
      process.exit(0)
  }
})
process.on('disconnect', () => process.exit(0))
