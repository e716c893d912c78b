import { readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { z } from 'zod'

/** One liquidity provider's price session, as a provider's onboarding sheet gives it (README "Prices from liquidity providers"). */
const providerSchema = z
  .object({
    /** Ours: in logs, the back office and metrics. */
    name: z.string().regex(/^[A-Za-z0-9_-]{1,32}$/, 'letters, digits, _ and - (at most 32)'),
    host: z.string().min(1),
    port: z.number().int().min(1).max(65_535),
    senderCompId: z.string().min(1).max(64),
    targetCompId: z.string().min(1).max(64),
    username: z.string().max(128).optional(),
    /** The name of the environment variable that holds the password (never the password itself). */
    passwordEnv: z
      .string()
      .regex(/^[A-Z_][A-Z0-9_]*$/)
      .optional(),
    heartbeatSeconds: z.number().int().min(1).max(120).default(10),
    /** Lower ranks first under `priority`. */
    priority: z.number().int().min(1).max(100).default(1),
    /** No market data from it for this long: dropped from every price (issue 28: another takes over within a second). */
    quietMs: z.number().int().min(100).max(60_000).default(750),
    /** Its quote of one instrument older than this: dropped from that instrument. */
    staleMs: z.number().int().min(100).max(600_000).default(10_000),
    /** Levels of depth to ask for: 1, the top of book (incremental updates); more, as full refreshes, sent on as MARKET_DEPTH. */
    depth: z.number().int().min(1).max(20).default(1),
    /** Sequence numbers start at 1 on every logon (some providers' price sessions ask for it). */
    resetOnLogon: z.boolean().default(false),
    /** Our instrument code → the provider's symbol, for every instrument it quotes. */
    symbols: z
      .record(z.string().regex(/^[A-Z0-9._]{2,16}$/), z.string().min(1).max(32))
      .refine((m) => Object.keys(m).length > 0, 'must name at least one instrument'),
    /**
     * TLS to the provider: its certificate is verified against the system's authorities and `caFile`
     * (PEM), for `servername` (the host by default); `certFile` and `keyFile` when it asks for ours.
     */
    tls: z
      .object({
        caFile: z.string().min(1).optional(),
        certFile: z.string().min(1).optional(),
        keyFile: z.string().min(1).optional(),
        servername: z.string().min(1).max(253).optional(),
      })
      .strict()
      .refine(
        (t) => (t.certFile === undefined) === (t.keyFile === undefined),
        'certFile and keyFile go together',
      )
      .optional(),
    /**
     * The provider's order session, for hedging (decision 051): same host, TLS and logon; a port and
     * CompIDs of its own, as providers give them. Unset: the provider takes no orders from us.
     */
    orders: z
      .object({
        port: z.number().int().min(1).max(65_535),
        senderCompId: z.string().min(1).max(64),
        targetCompId: z.string().min(1).max(64),
      })
      .strict()
      .optional(),
    /** Waits between connection attempts grow from the first to the most, doubling. */
    reconnectFirstMs: z.number().int().min(100).max(60_000).default(1000),
    reconnectMostMs: z.number().int().min(100).max(600_000).default(30_000),
  })
  .strict()

const fixConfigSchema = z
  .object({
    /** `priority`: the live provider ranked first quotes alone; `best`: best bid and best ask of the live ones. */
    choice: z.enum(['priority', 'best']).default('priority'),
    providers: z.array(providerSchema).min(1).max(16),
  })
  .strict()
  .refine(
    (c) => new Set(c.providers.map((p) => p.name)).size === c.providers.length,
    'provider names must differ',
  )

/** PEM texts read from the files the entry names. */
export interface ProviderTls {
  ca?: string
  cert?: string
  key?: string
  servername?: string
}

export type FixProviderConfig = Omit<z.infer<typeof providerSchema>, 'tls'> & {
  password?: string
  tls?: ProviderTls
}
export type FixConfig = Omit<z.infer<typeof fixConfigSchema>, 'providers'> & {
  providers: FixProviderConfig[]
}

/**
 * Reads `PRICE_SOURCE=fix:<file>`: JSON, checked whole before anything connects. Passwords come from
 * the environment variables the file names; TLS files (relative to the file) are read now. Throws
 * one message naming every fault.
 */
export function readFixConfig(path: string, env: NodeJS.ProcessEnv = process.env): FixConfig {
  let raw: unknown
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'))
  } catch (error) {
    throw new Error(`${path}: ${(error as Error).message}`)
  }
  const parsed = fixConfigSchema.safeParse(raw)
  if (!parsed.success)
    throw new Error(
      `${path}: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(file)'}: ${i.message}`).join('; ')}`,
    )
  const providers = parsed.data.providers.map(({ tls, ...p }): FixProviderConfig => {
    const password = p.passwordEnv === undefined ? undefined : env[p.passwordEnv]
    if (p.passwordEnv && !password)
      throw new Error(`${path}: provider ${p.name}: ${p.passwordEnv} is not set`)
    const read = (file: string | undefined) => {
      if (file === undefined) return undefined
      try {
        return readFileSync(resolve(dirname(path), file), 'utf8')
      } catch (error) {
        throw new Error(`${path}: provider ${p.name}: ${(error as Error).message}`)
      }
    }
    return {
      ...p,
      ...(password && { password }),
      ...(tls && {
        tls: {
          ...(tls.caFile && { ca: read(tls.caFile) }),
          ...(tls.certFile && { cert: read(tls.certFile), key: read(tls.keyFile) }),
          ...(tls.servername && { servername: tls.servername }),
        },
      }),
    }
  })
  return { ...parsed.data, providers }
}
