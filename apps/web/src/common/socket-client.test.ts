import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { STALE_AFTER_MS, SocketClient, type SocketLike, type SocketStatus } from './socket-client.ts'

class FakeSocket implements SocketLike {
  static all: FakeSocket[] = []
  readyState = 0
  sent: unknown[] = []
  closed = false
  onopen: SocketLike['onopen'] = null
  onclose: SocketLike['onclose'] = null
  onerror: SocketLike['onerror'] = null
  onmessage: SocketLike['onmessage'] = null

  constructor(readonly url: string) {
    FakeSocket.all.push(this)
  }
  send(data: string) {
    this.sent.push(JSON.parse(data))
  }
  close() {
    this.closed = true
    this.readyState = 3
  }
  // Server side of the fake:
  open() {
    this.readyState = 1
    this.onopen?.(new Event('open'))
  }
  receive(message: unknown) {
    this.onmessage?.(
      new MessageEvent('message', { data: typeof message === 'string' ? message : JSON.stringify(message) }),
    )
  }
  drop() {
    this.readyState = 3
    this.onclose?.(new CloseEvent('close', { code: 1006 }))
  }
  pings() {
    return this.sent.filter((frame) => (frame as { type: string }).type === 'ping').length
  }
}

function latest(): FakeSocket {
  const socket = FakeSocket.all.at(-1)
  if (!socket) throw new Error('no socket opened')
  return socket
}

function makeClient() {
  const log = vi.fn()
  const client = new SocketClient({
    url: () => 'ws://test/v1/ws',
    createSocket: (url) => new FakeSocket(url),
    log,
  })
  return { client, log }
}

describe('SocketClient', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    FakeSocket.all = []
  })
  afterEach(() => vi.useRealTimers())

  it('opens one socket however often it is asked', () => {
    const { client } = makeClient()
    client.ensureConnected()
    client.ensureConnected()
    latest().open()
    client.ensureConnected()
    expect(FakeSocket.all).toHaveLength(1)
    expect(latest().url).toBe('ws://test/v1/ws')
  })

  it('pings every 5 s and stays up while pongs come back', () => {
    const { client } = makeClient()
    client.ensureConnected()
    const socket = latest()
    socket.open()
    for (let i = 0; i < 10; i += 1) {
      vi.advanceTimersByTime(5_000)
      socket.receive({ type: 'pong' })
    }
    expect(socket.pings()).toBe(10)
    expect(socket.closed).toBe(false)
    expect(FakeSocket.all).toHaveLength(1)
  })

  it('reconnects when more than 2 pings go unanswered', () => {
    const { client } = makeClient()
    client.ensureConnected()
    const socket = latest()
    socket.open()
    vi.advanceTimersByTime(15_000) // three pings, none answered
    expect(socket.pings()).toBe(3)
    expect(socket.closed).toBe(false)
    vi.advanceTimersByTime(5_000) // the fourth beat finds 3 > 2 unanswered
    expect(socket.closed).toBe(true)
    vi.advanceTimersByTime(1_000) // first reconnect after 1 s
    expect(FakeSocket.all).toHaveLength(2)
  })

  it('gives up on a connection that does not open within 5 s', () => {
    const { client } = makeClient()
    client.ensureConnected()
    vi.advanceTimersByTime(4_999)
    expect(latest().closed).toBe(false)
    vi.advanceTimersByTime(1)
    expect(latest().closed).toBe(true)
    vi.advanceTimersByTime(1_000)
    expect(FakeSocket.all).toHaveLength(2)
  })

  it('backs off 1, 2, 4 ... up to 30 s, and resets after a successful open', () => {
    const { client } = makeClient()
    client.ensureConnected()
    const delays: number[] = []
    for (let attempt = 0; attempt < 7; attempt += 1) {
      const before = FakeSocket.all.length
      latest().drop()
      let waited = 0
      while (FakeSocket.all.length === before) {
        vi.advanceTimersByTime(500)
        waited += 500
      }
      delays.push(waited)
    }
    expect(delays).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000])
    latest().open()
    latest().drop()
    vi.advanceTimersByTime(1_000)
    expect(latest().readyState).toBe(0) // a new socket after only 1 s again
  })

  it('logs in after each connect and re-subscribes its topics', () => {
    const { client } = makeClient()
    client.login('tok-1')
    const handler = vi.fn()
    client.subscribe('DAY_MARKET', handler)
    client.ensureConnected()
    latest().open()
    expect(latest().sent).toEqual([
      { type: 'login', params: 'tok-1' },
      { type: 'sub', params: 'DAY_MARKET' },
    ])
    latest().receive({ type: 'login_result', code: 1 })
    expect(client.isLoggedIn).toBe(true)

    latest().drop()
    expect(client.isLoggedIn).toBe(false)
    vi.advanceTimersByTime(1_000)
    latest().open()
    expect(latest().sent).toEqual([
      { type: 'login', params: 'tok-1' },
      { type: 'sub', params: 'DAY_MARKET' },
    ])
  })

  it('sends login on sign-in and logout on sign-out while open', () => {
    const { client } = makeClient()
    client.ensureConnected()
    latest().open()
    client.login('tok-2')
    latest().receive({ type: 'login_result', code: 0 })
    expect(client.isLoggedIn).toBe(false)
    client.logout()
    expect(latest().sent).toEqual([{ type: 'login', params: 'tok-2' }, { type: 'logout' }])
  })

  it('delivers topic messages and unsubscribes after the last handler leaves', () => {
    const { client } = makeClient()
    client.ensureConnected()
    latest().open()
    const first = vi.fn()
    const second = vi.fn()
    const stopFirst = client.subscribe('KLINE.BTCUSDT', first)
    const stopSecond = client.subscribe('KLINE.BTCUSDT', second)
    latest().receive({ type: 'KLINE', symbol: 'BTCUSDT', kline: { Close: 1 } })
    expect(first).toHaveBeenCalledTimes(1)
    expect(second).toHaveBeenCalledTimes(1)
    stopFirst()
    expect(latest().sent).toEqual([{ type: 'sub', params: 'KLINE.BTCUSDT' }])
    stopSecond()
    expect(latest().sent).toEqual([
      { type: 'sub', params: 'KLINE.BTCUSDT' },
      { type: 'unsub', params: 'KLINE.BTCUSDT' },
    ])
    expect(client.topics).toEqual([])
  })

  it('hands pushed messages to listeners without sending a sub frame, also after a reconnect', () => {
    const { client } = makeClient()
    client.ensureConnected()
    latest().open()
    const heard = vi.fn()
    const stop = client.listen('MARGIN_CALL', heard)
    const push = { type: 'MARGIN_CALL', level: 80, margin_call_level: 100, stop_out_level: 50 }
    latest().receive(push)
    expect(heard).toHaveBeenCalledWith(push)
    latest().drop()
    vi.advanceTimersByTime(1_000)
    latest().open()
    latest().receive(push)
    expect(heard).toHaveBeenCalledTimes(2)
    expect(FakeSocket.all.flatMap((socket) => socket.sent)).toEqual([])
    expect(client.topics).toEqual([])
    stop()
    latest().receive(push)
    expect(heard).toHaveBeenCalledTimes(2)
  })

  it('only logs frames it cannot parse', () => {
    const { client, log } = makeClient()
    client.ensureConnected()
    latest().open()
    expect(() => latest().receive('not json {')).not.toThrow()
    expect(log).toHaveBeenCalledWith('unparsable frame', expect.anything())
  })

  it('does not reconnect after close()', () => {
    const { client } = makeClient()
    client.ensureConnected()
    latest().open()
    client.close()
    vi.advanceTimersByTime(60_000)
    expect(FakeSocket.all).toHaveLength(1)
  })

  describe('resuming after the phone wakes', () => {
    /** A phone asleep: the clock moves on, but no timer of the page runs meanwhile. */
    const sleep = (ms: number) => vi.setSystemTime(Date.now() + ms)

    function connected() {
      const made = makeClient()
      const reopened = vi.fn()
      made.client.onReopen(reopened)
      made.client.login('token-1')
      made.client.subscribe('FOREX', () => undefined)
      made.client.ensureConnected()
      latest().open()
      return { ...made, reopened }
    }

    it('replaces a socket that went silent during a sleep at once, then logs in, resubscribes and asks for a refetch', () => {
      const { client, reopened } = connected()
      const old = latest()
      sleep(60_000)
      expect(client.resume()).toBe(true)
      expect(old.closed).toBe(true)
      expect(FakeSocket.all).toHaveLength(2)
      expect(reopened).not.toHaveBeenCalled()
      latest().open()
      expect(latest().sent).toEqual([
        { type: 'login', params: 'token-1' },
        { type: 'sub', params: 'FOREX' },
      ])
      expect(reopened).toHaveBeenCalledTimes(1)
      // The dead socket's late events change nothing.
      old.drop()
      vi.advanceTimersByTime(10_000)
      expect(FakeSocket.all).toHaveLength(2)
    })

    it('keeps a socket that is open and heard from recently', () => {
      const { client } = connected()
      vi.advanceTimersByTime(STALE_AFTER_MS - 1_000)
      latest().receive({ type: 'pong' })
      sleep(STALE_AFTER_MS - 1)
      expect(client.resume()).toBe(false)
      expect(FakeSocket.all).toHaveLength(1)
    })

    it('does not wait out the backoff: a closed socket is reopened at once', () => {
      const { client, reopened } = connected()
      // Three failed attempts: the next one is 4 s away.
      latest().drop()
      vi.advanceTimersByTime(1_000)
      latest().drop()
      vi.advanceTimersByTime(2_000)
      latest().drop()
      expect(FakeSocket.all).toHaveLength(3)
      vi.advanceTimersByTime(100)
      expect(client.resume()).toBe(true)
      expect(FakeSocket.all).toHaveLength(4)
      latest().open()
      expect(reopened).toHaveBeenCalledTimes(1)
      // The cancelled backoff does not open a fifth socket.
      vi.advanceTimersByTime(10_000)
      expect(FakeSocket.all).toHaveLength(4)
    })

    it('leaves a socket that is still opening to its connect timeout', () => {
      const { client } = makeClient()
      client.ensureConnected()
      expect(client.resume()).toBe(false)
      expect(FakeSocket.all).toHaveLength(1)
    })

    it('reports its status: connecting, open, down while it cannot connect, open again', () => {
      const { client } = makeClient()
      const seen: SocketStatus[] = []
      client.onStatus((status) => seen.push(status))
      expect(client.status).toBe('connecting')
      client.ensureConnected()
      latest().open()
      latest().drop()
      vi.advanceTimersByTime(1_000)
      latest().drop()
      vi.advanceTimersByTime(2_000)
      latest().open()
      expect(seen).toEqual(['open', 'down', 'open'])
      expect(client.status).toBe('open')
    })
  })
})
