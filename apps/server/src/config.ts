import { resolve } from 'node:path'
import { z } from 'zod'

/** Settings from the environment, checked once at start (README.md lists them). */
const environment = z.object({
  PORT: z.coerce.number().int().min(1).max(65_535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('no-reply@localhost'),
  PUBLIC_URL: z.url().default('http://localhost:8080'),
  /** `simulator`, or `replay:<file>` to play a file of ticks (docs/decisions/006-market-data.md). */
  PRICE_SOURCE: z
    .string()
    .regex(/^(simulator|replay:.+)$/, 'must be simulator or replay:<file of ticks>')
    .default('simulator'),
  /** Candles of every period seeded for each instrument on first start. */
  MARKET_HISTORY_CANDLES: z.coerce.number().int().min(10).max(5000).default(1000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
})

export type Config = z.infer<typeof environment> & { dataDir: string }

/** Parses the environment or returns one line per bad variable. Empty strings count as unset. */
export function loadConfig(
  env: NodeJS.ProcessEnv,
): { ok: true; config: Config } | { ok: false; errors: string[] } {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''))
  const result = environment.safeParse(present)
  if (!result.success) {
    return { ok: false, errors: result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`) }
  }
  return { ok: true, config: { ...result.data, dataDir: resolve(result.data.DATA_DIR) } }
}
