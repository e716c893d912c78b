import { bigint, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'
import { users } from './schema.ts'

/*
 * A client's own second factor (issue 26, docs/decisions/047-client-second-factor.md): an
 * authenticator app (TOTP), passkeys (WebAuthn), and single-use recovery codes. Kept apart from
 * schema.ts, which holds the rest; schema.ts re-exports these tables.
 */

const at = (name: string) => timestamp(name, { withTimezone: true })

/**
 * One row per client who ever set up a factor: the authenticator's secret (confirmed by a first
 * right code; until then `totp_pending_secret` is the one the set-up QR code showed), the last time
 * step used (a code is good once), and the tries at any factor, which rest after too many wrong ones.
 */
export const userSecondFactors = pgTable('user_second_factors', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  totpSecret: text('totp_secret'),
  totpPendingSecret: text('totp_pending_secret'),
  totpLastStep: bigint('totp_last_step', { mode: 'number' }),
  failedTries: integer('failed_tries').notNull().default(0),
  lockedUntil: at('locked_until'),
  updatedAt: at('updated_at').notNull().defaultNow(),
})

/** A passkey (a WebAuthn credential) a client added: its public key, signature counter and name. */
export const userPasskeys = pgTable(
  'user_passkeys',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** base64url, as the browser names it. */
    credentialId: text('credential_id').notNull().unique(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    /** How the browser reaches it (`internal,hybrid`), a hint for the next sign-in. */
    transports: text('transports').notNull().default(''),
    name: text('name').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    lastUsedAt: at('last_used_at'),
  },
  (t) => [index('user_passkeys_user_idx').on(t.userId)],
)

/** Ten single-use codes per client with a factor, kept as hashes; a new set replaces the old. */
export const userRecoveryCodes = pgTable(
  'user_recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    codeHash: text('code_hash').notNull(),
    usedAt: at('used_at'),
  },
  (t) => [index('user_recovery_codes_user_idx').on(t.userId)],
)

/**
 * A right password of an account with a second factor: the ticket (kept as a hash) that the second
 * step is given on, good for a few minutes and once; `password_stamp` is a hash of the password hash
 * it was given for, so that a password changed meanwhile ends it.
 */
export const signInTickets = pgTable(
  'sign_in_tickets',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    passwordStamp: text('password_stamp').notNull(),
    address: text('address').notNull().default(''),
    createdAt: at('created_at').notNull().defaultNow(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
  },
  (t) => [
    index('sign_in_tickets_user_idx').on(t.userId),
    // Old tickets are deleted as new ones come (sign-in-tickets.ts): found by this.
    index('sign_in_tickets_expires_idx').on(t.expiresAt),
  ],
)

/**
 * A WebAuthn challenge the server handed out, used at most once before it expires: `register` (a
 * signed-in client adds a passkey), `sign_in` (no user: any passkey signs its owner in; or the user
 * of a sign-in ticket) or `step_up` (a signed-in client confirms an action).
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    id: serial('id').primaryKey(),
    challenge: text('challenge').notNull().unique(),
    purpose: text('purpose').notNull(),
    userId: integer('user_id').references(() => users.id),
    createdAt: at('created_at').notNull().defaultNow(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
  },
  // Expired challenges are deleted as new ones come (passkeys.ts): found by this, not a scan.
  (t) => [index('webauthn_challenges_expires_idx').on(t.expiresAt)],
)
