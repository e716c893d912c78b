import type { connect } from './socket-client.ts'

export type Client = Awaited<ReturnType<typeof connect>>

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Waits until `condition` holds, checking every few milliseconds, or fails after `timeoutMs`. */
export async function until(condition: () => boolean, timeoutMs = 5_000, what = 'condition') {
  const end = Date.now() + timeoutMs
  while (!condition()) {
    if (Date.now() > end) throw new Error(`${what} not met within ${timeoutMs} ms`)
    await sleep(5)
  }
}

/** The first message a socket has received that `match` accepts, waiting for it up to `timeoutMs`. */
export async function waitForMessage(client: Client, match: (m: any) => boolean, timeoutMs = 3000) {
  await until(() => client.seen.some(match), timeoutMs, 'a matching socket message')
  return client.seen.find(match)
}

/** The login results a socket has received, in order. */
export const loginResults = (client: Client): number[] =>
  client.seen.filter((m) => m.type === 'login_result').map((m) => m.code as number)

/** Sends a ping and waits for its pong: every message sent to the socket before it has arrived. */
export async function roundTrip(client: Client, timeoutMs = 5_000) {
  const pongs = client.seen.filter((m) => m.type === 'pong').length
  client.send({ type: 'ping' })
  await until(() => client.seen.filter((m) => m.type === 'pong').length > pongs, timeoutMs, 'pong')
}
