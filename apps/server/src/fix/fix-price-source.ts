import { ProviderBook, tickRefusal, type ProviderStatus, type TickRefusal } from '@tp/engine'
import { TICK_FUTURE_TOLERANCE_MS } from '../market/market-feed.ts'
import type { Depth } from '../market/market-data.ts'
import type { PriceSource, SourceEvents } from '../market/price-source.ts'
import type { FixLog } from './jspurefix.ts'
import type { FixConfig, FixProviderConfig } from './provider-config.ts'
import type { SequenceKeeper } from './sequence-store.ts'

/** How often every instrument's choice of provider is looked at again (a quiet provider is noticed within this). */
export const SWEEP_MS = 100
const REFUSAL_REPORT_MS = 60_000

export interface FixSourceOptions {
  /** The instruments the platform prices: a provider's quote of anything else is ignored. */
  instruments: readonly { code: string; precision: number }[]
  keeper: SequenceKeeper
  clock: () => number
  log: FixLog
  /**
   * A provider's tick failed the feed's checks (future, off the grid, malformed): never used, counted,
   * and reported at most once a minute per provider, instrument and reason (a broken feed would flood).
   */
  onRefused: (report: { provider: string; code: string; reason: TickRefusal; count: number }) => void
  /** Counts for /metrics: each provider tick taken, each refused. */
  metrics?: { taken(provider: string): void; refused(provider: string, reason: TickRefusal): void }
}

export interface FixPriceSource extends PriceSource {
  /** Each provider: live or not, how long it has been quiet, how many instruments it quotes now. */
  status(): ProviderStatus[]
  /** The provider each instrument's price comes from now (undefined: none live). */
  chosen(code: string): string | undefined
}

/**
 * Prices from liquidity providers over FIX 4.4 (`PRICE_SOURCE=fix:<file>`, decision 050): a price
 * session per provider (price-session.ts), kept connected by a SessionRunner, each provider tick
 * checked as every feed's is and put in a ProviderBook, which chooses each instrument's price from
 * the live providers. A tick goes to the market when the chosen price changes, stamped with this
 * server's clock (each provider's own stamp was checked before the book took it).
 */
export function fixPriceSource(config: FixConfig, options: FixSourceOptions): FixPriceSource {
  const { clock, log } = options
  const precision = new Map(options.instruments.map((i) => [i.code, i.precision]))
  const quoted = new Set(config.providers.flatMap((p) => Object.keys(p.symbols)))
  const book = new ProviderBook(
    config.providers.map((p) => ({
      name: p.name,
      priority: p.priority,
      quietMs: p.quietMs,
      staleMs: p.staleMs,
    })),
    config.choice,
  )
  /** What went to the market last per instrument: a price, or 'halted'. */
  const last = new Map<string, { bid: number; ask: number; provider: string } | 'halted'>()
  const runners: { stop(): Promise<void> }[] = []
  let emit: ((tick: { code: string; bid: number; ask: number; timeMs: number }) => void) | undefined
  let events: SourceEvents | undefined
  /** Each provider's last book of each instrument, when it sends depth. */
  const books = new Map<string, Map<string, Depth>>()
  /** The book last sent on per instrument. */
  const sentBooks = new Map<string, Depth>()
  let sweep: NodeJS.Timeout | undefined
  let stopped = false
  const refusals = new Map<string, { count: number; reportedMs: number }>()
  const refuse = (provider: string, code: string, reason: TickRefusal, now: number) => {
    const key = `${provider} ${code} ${reason}`
    options.metrics?.refused(provider, reason)
    const seen = refusals.get(key) ?? { count: 0, reportedMs: -Infinity }
    refusals.set(key, seen)
    seen.count++
    if (now - seen.reportedMs < REFUSAL_REPORT_MS) return
    seen.reportedMs = now
    options.onRefused({ provider, code, reason, count: seen.count })
  }

  const publish = (code: string) => {
    if (!emit) return
    const now = clock()
    const price = book.price(code, now)
    const before = last.get(code)
    if (!price) {
      if (before && before !== 'halted') {
        last.set(code, 'halted')
        sentBooks.delete(code)
        log('warn', 'no provider quotes the instrument: its market is closed until one does', { code })
        events?.halt(code)
      }
      return
    }
    const moved = !before || before === 'halted' || before.bid !== price.bid || before.ask !== price.ask
    last.set(code, { bid: price.bid, ask: price.ask, provider: price.provider })
    if (moved) emit({ code, bid: price.bid, ask: price.ask, timeMs: now })
    // The book of the provider the price is from, when it sends one (a new book is a new object).
    const depth = books.get(price.provider)?.get(code)
    if (depth && depth !== sentBooks.get(code)) {
      sentBooks.set(code, depth)
      events?.depth(code, depth)
    }
  }

  const startProvider = async (provider: FixProviderConfig) => {
    const [{ PriceSession }, { SessionRunner }, { sessionStores }, { sessionDescription }] =
      await Promise.all([
        import('./price-session.ts'),
        import('./session-runner.ts'),
        import('./sequence-store.ts'),
        import('./jspurefix.ts'),
      ])
    if (stopped) return
    books.set(provider.name, new Map())
    const codeOf = new Map(Object.entries(provider.symbols).map(([code, symbol]) => [symbol, code]))
    const fields = { provider: provider.name }
    const runner = new SessionRunner({
      description: sessionDescription({
        ...provider,
        role: 'initiator',
        resetOnLogon: provider.resetOnLogon,
      }),
      stores: sessionStores(options.keeper, { keepSent: 0, onError: (e) => log('error', String(e), fields) }),
      log: (level, message, more) => log(level, message, { ...fields, ...more }),
      firstMs: provider.reconnectFirstMs,
      mostMs: provider.reconnectMostMs,
      makeSession: (sessionConfig) =>
        new PriceSession(
          sessionConfig,
          [...codeOf.keys()],
          {
            ready: () => {
              runner.loggedOn()
              book.connected(provider.name, clock())
              log('info', 'price session logged on', fields)
            },
            quote: (symbol, bid, ask, sentMs, depth) => {
              const code = codeOf.get(symbol)
              const places = code === undefined ? undefined : precision.get(code)
              if (code === undefined || places === undefined) return
              const now = clock()
              const reason = tickRefusal({ bid, ask, timeMs: sentMs }, places, now, TICK_FUTURE_TOLERANCE_MS)
              if (reason) return refuse(provider.name, code, reason, now)
              book.quote(provider.name, code, bid, ask, now)
              options.metrics?.taken(provider.name)
              if (depth) books.get(provider.name)?.set(code, depth)
              else books.get(provider.name)?.delete(code)
              publish(code)
            },
            heard: () => book.heard(provider.name, clock()),
            withdrawn: (symbol, reason) => {
              const code = codeOf.get(symbol)
              if (code === undefined) return
              log('warn', 'provider withdrew an instrument', { ...fields, code, reason })
              book.withdraw(provider.name, code)
              publish(code)
            },
            ended: (error) => {
              book.disconnected(provider.name)
              books.get(provider.name)?.clear()
              // Ended by our own stop: expected; otherwise a provider lost until the runner reconnects.
              log(stopped ? 'info' : 'warn', 'price session ended', {
                ...fields,
                ...(error && { error: error.message }),
              })
              for (const code of codeOf.values()) publish(code)
            },
            problem: (message, more) => log('warn', message, { ...fields, ...more }),
          },
          provider.depth,
        ),
    })
    runners.push(runner)
    runner.start()
  }

  return {
    start(push, sourceEvents) {
      emit = push
      events = sourceEvents
      // Closed until a provider quotes: a quote kept from before a restart is no live market.
      for (const code of quoted) {
        last.set(code, 'halted')
        events?.halt(code)
      }
      for (const provider of config.providers)
        startProvider(provider).catch((error: unknown) =>
          log('error', `price session could not start: ${(error as Error).message}`, {
            provider: provider.name,
          }),
        )
      sweep = setInterval(() => {
        for (const code of quoted) publish(code)
      }, SWEEP_MS)
      sweep.unref()
    },
    async stop() {
      stopped = true
      emit = undefined
      clearInterval(sweep)
      await Promise.all(runners.map((runner) => runner.stop()))
    },
    status: () => book.status(clock()),
    chosen: (code) => {
      const price = last.get(code)
      return price && price !== 'halted' ? price.provider : undefined
    },
  }
}
