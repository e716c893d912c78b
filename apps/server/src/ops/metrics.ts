import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client'

/**
 * What an operator watches of a server process (issue 27), in Prometheus' text format at
 * `/metrics` (metrics-route.ts): requests and their latency by route, open sockets, ticks per
 * second, how old a tick is when its fan-out to the sockets is written, the trading desk's queue and
 * commits, and database round trips; with Node's own (event loop lag, heap, GC). One per process.
 */
export class PlatformMetrics {
  readonly registry = new Registry()

  readonly httpRequests = new Counter({
    name: 'tp_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  })

  readonly httpSeconds = new Histogram({
    name: 'tp_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [this.registry],
  })

  readonly ticks = new Counter({
    name: 'tp_ticks_total',
    help: 'Price ticks taken into the market (refused ones excluded)',
    registers: [this.registry],
  })

  readonly tickToClient = new Histogram({
    name: 'tp_tick_to_client_seconds',
    help: "From a tick's time to its quote written to the last subscribed socket",
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [this.registry],
  })

  readonly commitCommands = new Histogram({
    name: 'tp_commit_batch_commands',
    help: "Trading commands in one of the desk's commits",
    buckets: [1, 2, 5, 10, 20, 50, 100, 200, 500],
    registers: [this.registry],
  })

  readonly commitSeconds = new Histogram({
    name: 'tp_commit_seconds',
    help: "Time of one of the desk's commits (its events and idempotency keys in one transaction)",
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
    registers: [this.registry],
  })

  readonly providerTicks = new Counter({
    name: 'tp_fix_provider_ticks_total',
    help: 'Ticks taken from each liquidity provider (before the choice among them), by provider',
    labelNames: ['provider'] as const,
    registers: [this.registry],
  })

  readonly providerRefusals = new Counter({
    name: 'tp_fix_provider_refused_total',
    help: "A liquidity provider's ticks refused by the feed's checks, by provider and reason",
    labelNames: ['provider', 'reason'] as const,
    registers: [this.registry],
  })

  readonly dbQueries = new Counter({
    name: 'tp_db_queries_total',
    help: 'Statements sent to the database (round trips)',
    registers: [this.registry],
  })

  constructor(sources: {
    sockets: () => number
    engineQueue: () => number
    /** Each liquidity provider: whether it counts now (logged on and not quiet); none without FIX. */
    providers?: () => { name: string; live: boolean }[]
  }) {
    collectDefaultMetrics({ register: this.registry, prefix: 'tp_' })
    new Gauge({
      name: 'tp_sockets_open',
      help: 'Open websockets of this process',
      registers: [this.registry],
      collect() {
        this.set(sources.sockets())
      },
    })
    new Gauge({
      name: 'tp_fix_provider_live',
      help: 'Whether a liquidity provider counts for prices now (1: logged on and quoting), by provider',
      labelNames: ['provider'] as const,
      registers: [this.registry],
      collect() {
        this.reset()
        for (const provider of sources.providers?.() ?? [])
          this.set({ provider: provider.name }, provider.live ? 1 : 0)
      },
    })
    new Gauge({
      name: 'tp_engine_queue_depth',
      help: 'Trading commands and money steps waiting for the desk',
      registers: [this.registry],
      collect() {
        this.set(sources.engineQueue())
      },
    })
  }
}
