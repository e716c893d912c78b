import WebSocket from 'ws'
import type { TestApp } from './harness.ts'

/** A client socket that queues what it receives, so a test can await the next message. */
export async function connect(app: Pick<TestApp, 'base'>) {
  const socket = new WebSocket(`${app.base.replace('http', 'ws')}/v1/ws`)
  const inbox: any[] = []
  const waiters: ((m: any) => void)[] = []
  /** Every message ever received, in order. */
  const seen: any[] = []
  socket.on('message', (data) => {
    const message: unknown = JSON.parse(data.toString())
    seen.push(message)
    const waiter = waiters.shift()
    if (waiter) waiter(message)
    else inbox.push(message)
  })
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject))
  return {
    socket,
    seen,
    send: (frame: unknown) => socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame)),
    next: () =>
      inbox.length > 0
        ? Promise.resolve(inbox.shift()!)
        : new Promise<any>((resolve) => waiters.push(resolve)),
  }
}
