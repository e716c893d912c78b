import { isIP } from 'node:net'
import { hostname } from 'node:os'
import { resolve } from 'node:path'
import { z } from 'zod'

/** Names @fastify/proxy-addr expands into address ranges (loopback, 169.254/16 and fe80::/10, private). */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal'])

/** One TRUST_PROXY entry: an address, an address/prefix (CIDR), an IPv4 address/netmask, or a range name. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true
  const [address = '', range, ...rest] = entry.split('/')
  const version = isIP(address)
  if (version === 0 || rest.length > 0) return false
  if (range === undefined) return true
  if (/^\d{1,3}$/.test(range)) return Number(range) <= (version === 4 ? 32 : 128)
  return version === 4 && isIP(range) === 4
}

/** A comma-separated list, blanks dropped. */
const list = (text: string) =>
  text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '')

/** An origin as browsers send it: scheme, host and port only, no path or trailing slash. */
function isOrigin(entry: string): boolean {
  if (!/^https?:\/\/[^/]+$/.test(entry)) return false
  try {
    return new URL(entry).origin === entry
  } catch {
    return false
  }
}

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
  /**
   * The SMS provider (apps/server/src/messaging/sms-transports.ts). Unset: no text message can be
   * sent, so sign-up with a mobile number is not offered whatever the back office's setting says.
   */
  SMS_URL: z
    .string()
    .regex(
      /^(twilio:\/\/[^:@/]+:[^@/]+@[^/]+\/.+|https?:\/\/.+)$/,
      'must be twilio://SID:TOKEN@api.twilio.com/FROM or an http(s):// gateway URL',
    )
    .optional(),
  /** Unset: http://localhost:<PORT> (filled in by loadConfig, which knows the port). */
  PUBLIC_URL: z.url().optional(),
  /** `/metrics` asks for it as a bearer token; unset, only callers on this machine (loopback) may read it. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /**
   * The reverse proxies whose X-Forwarded-* headers count. Unset trusts none, so a client cannot
   * pick its own address (and with it its rate limits). A hop count is refused: Fastify 5 ignores
   * it (it cannot tell a proxy from a client that adds hops itself).
   */
  TRUST_PROXY: z
    .string()
    .transform(list)
    .refine((entries) => entries.length > 0 && entries.every(isProxyAddress), {
      message:
        'must be a comma-separated list of proxy addresses or CIDR ranges (e.g. 10.0.0.1,172.16.0.0/12) or loopback, linklocal, uniquelocal; hop counts are not accepted',
    })
    .optional(),
  /** Origins allowed to call /api and /v1 from a browser. Unset: any (`*`); no cookies are involved. */
  CORS_ORIGINS: z
    .string()
    .transform(list)
    .refine((entries) => (entries.length === 1 && entries[0] === '*') || entries.every(isOrigin), {
      message: 'must be * or a comma-separated list of origins such as https://app.example.com (no path)',
    })
    .refine((entries) => entries.length > 0, { message: 'must name at least one origin' })
    .transform((entries) => (entries[0] === '*' ? ('*' as const) : entries))
    .optional(),
  /**
   * `simulator`, `replay:<file>` to play a file of ticks (docs/decisions/006-market-data.md), or
   * `fix:<file>` for liquidity providers over FIX 4.4 (docs/decisions/050-fix-engine.md).
   */
  PRICE_SOURCE: z
    .string()
    .regex(
      /^(simulator|replay:.+|fix:.+)$/,
      'must be simulator, replay:<file of ticks> or fix:<providers file>',
    )
    .default('simulator'),
  /** Candles of every period seeded for each instrument on first start. */
  MARKET_HISTORY_CANDLES: z.coerce.number().int().min(10).max(5000).default(1000),
  /**
   * The secret that signs image URLs (HMAC-SHA256). Unset: a random one is made on first start and
   * kept in DATA_DIR/upload-signing.key. Set it when several servers serve the same uploads.
   */
  UPLOAD_SIGNING_KEY: z
    .string()
    .min(32, 'must be at least 32 characters (e.g. openssl rand -base64 32)')
    .optional(),
  /**
   * The VAPID key pair web push messages are signed with (base64url, as `npx web-push
   * generate-vapid-keys` prints them): both or neither. Unset: a pair is made on first start and
   * kept in DATA_DIR/vapid-keys.json. Set them when several servers send for the same app.
   */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^B[A-Za-z0-9_-]{86}$/, 'must be a P-256 public key, base64url (87 characters)')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a P-256 private key, base64url (43 characters)')
    .optional(),
  /**
   * The push services a device's subscription may name (notices/push-endpoints.ts): host names,
   * a subdomain matching too, reached over https. Unset: the browsers' own services (Google,
   * Mozilla, Apple, Microsoft). Nothing else is ever sent a request, so a client cannot point the
   * server at an address of its choosing.
   */
  PUSH_SERVICES: z
    .string()
    .transform(list)
    .refine((entries) => entries.length > 0 && entries.every((e) => /^[a-z0-9.-]+$/.test(e)), {
      message: 'must be a comma-separated list of host names (e.g. fcm.googleapis.com)',
    })
    .optional(),
  /**
   * The house demo traders of the ranking (rank/house-traders.ts): 1 runs them, 0 does not. Unset:
   * they run, except in a server that tests start (VITEST is set), where nothing may trade unasked.
   */
  HOUSE_TRADERS: z.enum(['0', '1']).optional(),
  /**
   * The first back-office admin of a fresh install (issue 11): created at start while no staff
   * account exists; the second factor is set up at the first sign-in. `npm run admin:create` does
   * the same from the command line.
   */
  ADMIN_EMAIL: z.string().trim().toLowerCase().pipe(z.email()).optional(),
  ADMIN_PASSWORD: z.string().min(12, 'must be at least 12 characters').max(128).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * What this process does (decision 049): `all` (one process, the default), `gateway` (HTTP, the
   * apps and the sockets; any number behind a load balancer) or `engine` (the trading desk and the
   * price feed; one leads, others stand by). `gateway` and `engine` need DATABASE_URL and REDIS_URL.
   */
  ROLE: z.enum(['all', 'gateway', 'engine']).default('all'),
  /** Put before the names this platform's processes share on Redis (two platforms on one Redis keep apart). */
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_.:-]{1,32}$/, 'must be 1 to 32 letters, digits or _ . : -')
    .default('tp:'),
  /** A name for this process in logs and on Redis (unique among processes). Unset: host and process id. */
  PROCESS_NAME: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{1,64}$/, 'must be 1 to 64 letters, digits, dots, dashes or underscores')
    .optional(),
})

export type Config = Omit<z.infer<typeof environment>, 'PUBLIC_URL' | 'PROCESS_NAME'> & {
  PUBLIC_URL: string
  PROCESS_NAME: string
  dataDir: string
}

/** Parses the environment or returns one line per bad variable. Empty strings count as unset. */
export function loadConfig(
  env: NodeJS.ProcessEnv,
): { ok: true; config: Config } | { ok: false; errors: string[] } {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''))
  const result = environment.safeParse(present)
  if (!result.success) {
    return { ok: false, errors: result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`) }
  }
  const settings = result.data
  if ((settings.VAPID_PUBLIC_KEY === undefined) !== (settings.VAPID_PRIVATE_KEY === undefined))
    return { ok: false, errors: ['VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both or neither'] }
  if (settings.ROLE !== 'all' && (!settings.DATABASE_URL || !settings.REDIS_URL))
    return {
      ok: false,
      errors: [`ROLE: ${settings.ROLE} needs DATABASE_URL and REDIS_URL (processes share both)`],
    }
  return {
    ok: true,
    config: {
      ...settings,
      PUBLIC_URL: settings.PUBLIC_URL ?? `http://localhost:${settings.PORT}`,
      PROCESS_NAME: settings.PROCESS_NAME ?? `${hostname()}-${process.pid}`,
      dataDir: resolve(settings.DATA_DIR),
    },
  }
}
