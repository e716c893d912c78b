/**
 * A FIX 4.4 liquidity provider for demos and trials (issue 28, decision 050), quoting every seeded
 * instrument from the simulator under its own code:
 *
 *   npm run fix:provider -- [--port 9878] [--orders-port 9879] [--comp-id LP1] [--client BROKER] [--file fix-providers.json]
 *
 * Its order session (hedging, decision 051) listens on `--orders-port` with the CompIDs `<comp-id>-T`
 * and `<client>-T`. With `--file`, it writes the providers file the platform reads
 * (`PRICE_SOURCE=fix:<file>`). Then type a command and Enter to make it misbehave as real providers
 * do now and then: `quiet`, `resume`, `gap <count>`, `disconnect`, `refuse <SYMBOL>`, and for
 * orders `fill`, `partial`, `reject`, `lose <count>` (its next reports never arrive), `fills`;
 * `status`, `quit`.
 * It listens on every interface: run it behind a firewall only.
 */
import { writeFileSync } from 'node:fs'
import { createInterface } from 'node:readline'
import { parseArgs } from 'node:util'
import { startTestProvider } from '../fix/test-provider.ts'
import { INSTRUMENT_SEEDS } from '../seed/market-catalogue.ts'

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '9878' },
    'orders-port': { type: 'string', default: '9879' },
    'comp-id': { type: 'string', default: 'LP1' },
    client: { type: 'string', default: 'BROKER' },
    file: { type: 'string' },
  },
})
const port = Number(values.port)
const ordersPort = Number(values['orders-port'])
if (![port, ordersPort].every((p) => Number.isInteger(p) && p >= 1 && p <= 65_535) || port === ordersPort) {
  console.error('--port and --orders-port must be two port numbers')
  process.exit(1)
}
const compId = values['comp-id']
const provider = await startTestProvider({
  port,
  compId,
  clientCompId: values.client,
  orders: { port: ordersPort, compId: `${compId}-T`, clientCompId: `${values.client}-T` },
  instruments: INSTRUMENT_SEEDS.map((seed) => ({
    symbol: seed.code,
    anchor: seed.anchor,
    dailyVolatility: seed.dailyVolatility,
    precision: seed.precision,
    spreadPoints: seed.spreadPoints,
    tickIntervalMs: seed.tickIntervalMs,
  })),
  log: (level, message, fields) => console[level === 'info' ? 'info' : 'warn'](level, message, fields),
})
console.info(
  `test provider ${compId} listening on port ${provider.port} (prices) and ${provider.ordersPort} (orders) for ${values.client}`,
)
if (values.file) {
  const providers = {
    choice: 'priority',
    providers: [
      {
        name: compId.toLowerCase(),
        host: '127.0.0.1',
        port: provider.port,
        senderCompId: values.client,
        targetCompId: compId,
        symbols: Object.fromEntries(INSTRUMENT_SEEDS.map((seed) => [seed.code, seed.code])),
        orders: {
          port: provider.ordersPort,
          senderCompId: `${values.client}-T`,
          targetCompId: `${compId}-T`,
        },
      },
    ],
  }
  writeFileSync(values.file, `${JSON.stringify(providers, null, 2)}\n`)
  console.info(`wrote ${values.file}: start the platform with PRICE_SOURCE=fix:${values.file}`)
}

const commands: Record<string, (arg?: string) => void> = {
  quiet: () => provider.quiet(true),
  resume: () => provider.quiet(false),
  gap: (arg) => provider.gap(Math.max(1, Number(arg) || 5)),
  disconnect: () => provider.disconnect(),
  refuse: (arg) => arg && provider.refuse([arg]),
  fill: () => provider.fillMode('fill'),
  partial: () => provider.fillMode('partial'),
  reject: () => provider.fillMode('reject'),
  lose: (arg) => provider.loseReports(Math.max(1, Number(arg) || 1)),
  fills: () => console.table(provider.filled()),
  status: () => console.info(provider.stats()),
}
const lines = createInterface({ input: process.stdin })
lines.on('line', (line) => {
  const [name = '', arg] = line.trim().split(/\s+/)
  if (name === 'quit') return void stop()
  const command = commands[name]
  if (!command) return console.info(`commands: ${[...Object.keys(commands), 'quit'].join(', ')}`)
  command(arg)
  console.info(`${name} done`)
})
lines.on('close', () => void stop())

async function stop() {
  await provider.stop()
  process.exit(0)
}
process.on('SIGINT', () => void stop())
process.on('SIGTERM', () => void stop())
