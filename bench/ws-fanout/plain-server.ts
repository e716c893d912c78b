/**
 * A plain `ws` server speaking just enough of the platform's socket protocol for the bench: `sub`
 * subscribes (to the given TopicHub, when there is one), `ping` gets a pong. Used by the bare
 * baseline and by the diagnostic scenarios that leave out the platform's gateway.
 */
import type { AddressInfo } from 'node:net'
import { WebSocketServer } from 'ws'
import { DAY_MARKET_TOPIC } from '@tp/contracts'
import type { Subscriber, TopicHub } from '../../apps/server/src/realtime/topic-hub.ts'

const PONG = Buffer.from('{"type":"pong"}')

export async function startPlainServer(hub: TopicHub | undefined) {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, maxPayload: 4 * 1024 })
  await new Promise<void>((resolve) => wss.once('listening', resolve))
  const subscribed = new WeakMap<object, Subscriber | true>()
  let subscribers = 0
  wss.on('connection', (socket) => {
    socket.on('message', (data) => {
      const text = data.toString()
      if (text.includes('"ping"')) socket.send(PONG, { binary: false })
      else if (text.includes('"sub"') && !subscribed.has(socket)) {
        const subscriber = hub ? hub.subscriber(socket) : true
        if (hub && subscriber !== true) hub.subscribe(subscriber, DAY_MARKET_TOPIC)
        subscribed.set(socket, subscriber)
        subscribers++
      }
    })
    socket.on('close', () => {
      const subscriber = subscribed.get(socket)
      if (!subscriber) return
      subscribers--
      if (hub && subscriber !== true) hub.remove(subscriber, [DAY_MARKET_TOPIC])
    })
    socket.on('error', () => socket.terminate())
  })
  return {
    wss,
    port: (wss.address() as AddressInfo).port,
    subscriberCount: () => subscribers,
    async close() {
      for (const client of wss.clients) client.terminate()
      await new Promise<void>((resolve) => wss.close(() => resolve()))
    },
  }
}
