import { fixHedgeVenue } from '../src/fix/fix-hedge-venue.ts'
import { databaseSequences } from '../src/fix/sequence-store.ts'
import { startTestProvider, type TestProvider } from '../src/fix/test-provider.ts'
import type { TestAppOptions } from './harness.ts'

/** A test provider that quotes BTC/USD and ETH/USD and takes orders (issue 28's hedging tests). */
export function startHedgingProvider(): Promise<TestProvider> {
  const instrument = (symbol: string, anchor: number, spreadPoints: number) => ({
    symbol,
    anchor,
    dailyVolatility: 0.03,
    precision: 2,
    spreadPoints,
    tickIntervalMs: 100,
  })
  return startTestProvider({
    compId: 'LP1',
    clientCompId: 'BROKER',
    heartbeatSeconds: 1,
    orders: { compId: 'LP1-T', clientCompId: 'BROKER-T' },
    instruments: [instrument('BTC/USD', 65_000, 3000), instrument('ETH/USD', 3300, 200)],
  })
}

/** The app's hedging to that provider's order session, as main.ts makes it from a providers file. */
export function hedgingTo(
  lp: TestProvider,
  options: Omit<NonNullable<TestAppOptions['hedging']>, 'venue'> = {},
): NonNullable<TestAppOptions['hedging']> {
  return {
    ...options,
    venue: (db) =>
      fixHedgeVenue(
        {
          choice: 'priority',
          providers: [
            {
              name: 'lp1',
              host: '127.0.0.1',
              port: lp.port,
              senderCompId: 'BROKER',
              targetCompId: 'LP1',
              heartbeatSeconds: 1,
              priority: 1,
              quietMs: 500,
              staleMs: 10_000,
              resetOnLogon: false,
              depth: 1,
              symbols: { BTCUSD: 'BTC/USD', ETHUSD: 'ETH/USD' },
              orders: { port: lp.ordersPort, senderCompId: 'BROKER-T', targetCompId: 'LP1-T' },
              reconnectFirstMs: 200,
              reconnectMostMs: 1000,
            },
          ],
        },
        { keeper: databaseSequences(db), clock: Date.now, log: () => {} },
      ),
  }
}
