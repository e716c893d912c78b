/**
 * The provider side of bench/fix-feed, in a process of its own: a test provider quoting `count`
 * instruments, each every `intervalMs` on average. Tells its port, and its sent refreshes when asked.
 */
import { startTestProvider } from '../../apps/server/src/fix/test-provider.ts'

const [count, intervalMs] = process.argv.slice(2).map(Number) as [number, number]
const provider = await startTestProvider({
  compId: 'LP1',
  clientCompId: 'BROKER',
  instruments: Array.from({ length: count }, (_, i) => `I${String(i).padStart(3, '0')}`).map((symbol) => ({
    symbol,
    anchor: 1.1,
    dailyVolatility: 2,
    precision: 5,
    spreadPoints: 10,
    tickIntervalMs: intervalMs,
  })),
})
process.send?.({ port: provider.port })
process.on('message', (message: string) => {
  if (message === 'stats') process.send?.(provider.stats())
  if (message === 'stop') void provider.stop().then(() => process.exit(0))
})
