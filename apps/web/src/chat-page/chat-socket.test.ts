import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { openChatSocket } from './chat-socket.ts'

class FakeSocket {
  static all: FakeSocket[] = []
  sent: unknown[] = []
  onopen: (() => void) | null = null
  onclose: (() => void) | null = null
  onerror: (() => void) | null = null
  onmessage: ((event: { data: string }) => void) | null = null
  closed = false
  constructor(readonly url: string) {
    FakeSocket.all.push(this)
  }
  send(data: string) {
    this.sent.push(JSON.parse(data))
  }
  close() {
    this.closed = true
  }
}

describe('chat socket', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    FakeSocket.all = []
  })
  afterEach(() => vi.useRealTimers())

  const open = (onMessage = vi.fn(), onConnected = vi.fn()) =>
    openChatSocket({
      url: 'ws://x/v1/ws',
      token: 'tok',
      onMessage,
      onConnected,
      createSocket: (url) => new FakeSocket(url) as unknown as WebSocket,
    })

  it('signs in on open and hands over messages other than pong', () => {
    const onMessage = vi.fn()
    open(onMessage)
    const socket = FakeSocket.all[0]!
    socket.onopen?.()
    expect(socket.sent).toEqual([{ type: 'login', params: 'tok' }])
    socket.onmessage?.({ data: JSON.stringify({ type: 'CHAT', message: { id: 1 } }) })
    socket.onmessage?.({ data: JSON.stringify({ type: 'pong' }) })
    socket.onmessage?.({ data: 'not json' })
    expect(onMessage).toHaveBeenCalledTimes(1)
    expect(onMessage).toHaveBeenCalledWith({ type: 'CHAT', message: { id: 1 } })
  })

  it('pings, and reconnects after more than two unanswered pings, signing in again', () => {
    const onConnected = vi.fn()
    open(vi.fn(), onConnected)
    FakeSocket.all[0]!.onopen?.()
    vi.advanceTimersByTime(5_000 * 4)
    expect(FakeSocket.all[0]!.sent.filter((f) => (f as { type: string }).type === 'ping')).toHaveLength(3)
    expect(FakeSocket.all[0]!.closed).toBe(true)
    expect(onConnected).toHaveBeenLastCalledWith(false)
    vi.advanceTimersByTime(1_000)
    expect(FakeSocket.all).toHaveLength(2)
    FakeSocket.all[1]!.onopen?.()
    expect(FakeSocket.all[1]!.sent).toEqual([{ type: 'login', params: 'tok' }])
    expect(onConnected).toHaveBeenLastCalledWith(true)
  })

  it('backs off after closes and stops for good when closed', () => {
    const socket = open()
    FakeSocket.all[0]!.onclose?.()
    vi.advanceTimersByTime(1_000)
    FakeSocket.all[1]!.onclose?.()
    vi.advanceTimersByTime(1_000)
    expect(FakeSocket.all).toHaveLength(2)
    vi.advanceTimersByTime(1_000)
    expect(FakeSocket.all).toHaveLength(3)
    socket.close()
    FakeSocket.all[2]!.onclose?.()
    vi.advanceTimersByTime(60_000)
    expect(FakeSocket.all).toHaveLength(3)
  })
})
