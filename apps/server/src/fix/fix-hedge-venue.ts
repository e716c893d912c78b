import type { HedgeVenue, OrderTicket, VenueEvents } from '../hedging/hedge-venue.ts'
import type { FixLog } from './jspurefix.ts'
import type { OrderSession } from './order-session.ts'
import type { FixConfig, FixProviderConfig } from './provider-config.ts'
import type { SequenceKeeper } from './sequence-store.ts'
import type { SessionRunner } from './session-runner.ts'

interface Link {
  provider: FixProviderConfig
  runner?: SessionRunner<OrderSession>
  /** Logged on now. */
  ready: boolean
}

/**
 * The hedge orders' way to the providers (decision 051): an order session (order-session.ts) per
 * provider whose entry has `orders`, kept connected by a SessionRunner with its sequence numbers in
 * the database like the price sessions'. An instrument's orders go to the first provider, by
 * priority, that takes orders and quotes it.
 */
export function fixHedgeVenue(
  config: FixConfig,
  options: { keeper: SequenceKeeper; clock: () => number; log: FixLog },
): HedgeVenue {
  const links = new Map<string, Link>(
    config.providers
      .filter((p) => p.orders)
      .sort((a, b) => a.priority - b.priority)
      .map((provider) => [provider.name, { provider, ready: false }]),
  )
  let stopped = false

  const startLink = async (link: Link, events: VenueEvents) => {
    const [{ OrderSession }, { SessionRunner }, { sessionStores }, { sessionDescription }] =
      await Promise.all([
        import('./order-session.ts'),
        import('./session-runner.ts'),
        import('./sequence-store.ts'),
        import('./jspurefix.ts'),
      ])
    if (stopped) return
    const { provider } = link
    const orders = provider.orders as NonNullable<FixProviderConfig['orders']>
    const fields = { provider: provider.name, session: 'orders' }
    const runner: SessionRunner<OrderSession> = new SessionRunner({
      description: sessionDescription({
        ...provider,
        name: `${provider.name}-orders`,
        role: 'initiator',
        port: orders.port,
        senderCompId: orders.senderCompId,
        targetCompId: orders.targetCompId,
        // An order session's numbers go on across logons: reports are not to be lost.
        resetOnLogon: false,
      }),
      stores: sessionStores(options.keeper, {
        keepSent: 0,
        onError: (e) => options.log('error', String(e), fields),
      }),
      log: (level, message, more) => options.log(level, message, { ...fields, ...more }),
      firstMs: provider.reconnectFirstMs,
      mostMs: provider.reconnectMostMs,
      makeSession: (sessionConfig) =>
        new OrderSession(
          sessionConfig,
          {
            ready: () => {
              runner.loggedOn()
              link.ready = true
              options.log('info', 'order session logged on', fields)
              events.unsure(provider.name)
            },
            gap: () => {
              options.log('warn', 'order session: a sequence gap; asking the status of open orders', fields)
              events.unsure(provider.name)
            },
            execution: (report) => events.execution(provider.name, report),
            refused: (clOrdId, reason) =>
              options.log('warn', 'the provider refused a message', { ...fields, clOrdId, reason }),
            ended: (error) => {
              link.ready = false
              options.log(stopped ? 'info' : 'warn', 'order session ended', {
                ...fields,
                ...(error && { error: error.message }),
              })
            },
            problem: (message, more) => options.log('warn', message, { ...fields, ...more }),
          },
          options.clock,
        ),
    })
    link.runner = runner
    runner.start()
  }

  const session = (provider: string) => {
    const link = links.get(provider)
    return link?.ready ? link.runner?.session() : undefined
  }

  return {
    providerFor: (code) => [...links.values()].find((l) => code in l.provider.symbols)?.provider.name,
    symbolOf: (provider, code) => links.get(provider)?.provider.symbols[code],
    place(provider: string, ticket: OrderTicket) {
      const s = session(provider)
      s?.place(ticket)
      return s !== undefined
    },
    askStatus(provider: string, ticket: OrderTicket) {
      const s = session(provider)
      s?.askStatus(ticket)
      return s !== undefined
    },
    start(events) {
      for (const link of links.values())
        startLink(link, events).catch((error: unknown) =>
          options.log('error', `order session could not start: ${(error as Error).message}`, {
            provider: link.provider.name,
          }),
        )
    },
    async stop() {
      stopped = true
      await Promise.all([...links.values()].map((link) => link.runner?.stop()))
    },
  }
}
