import type { InstrumentTerms, Quote, RiskSettings, TradingEngine } from '@tp/engine'
import type { Db } from '../db/client.ts'
import type { TradingDesk } from './desk.ts'
import { engineHolding, loadPricing, loadRisk, loadTradingTerms, type Pricing } from './desk-state.ts'
import { loadLiveState } from './live-state.ts'

/**
 * How routes read trading state (live orders and their marks, an account's margin and what it can
 * withdraw, the risk settings): one way, whichever process serves the call (decision 049). Each
 * answer is an engine to read from, never to change.
 */
export interface TradingReads {
  /** Holds `userId`'s account (if it has one) as last committed, marked at the latest quotes. */
  ofUser(userId: number): Promise<TradingEngine>
  /** Holds every account with live orders (staff's risk views). */
  ofEveryone(): Promise<TradingEngine>
  riskSettings(): Promise<RiskSettings>
}

/**
 * Where the desk runs: its own engine, which is ahead of nothing (it answers only after commits). An
 * account the engine has not taken in since it started (no command, no live order) is read as
 * stored, so its balance and what it can withdraw are its own, not an empty account's.
 */
export function deskReads(desk: () => TradingDesk, stored: TradingReads): TradingReads {
  return {
    ofUser: async (userId) => (desk().view.hasAccount(userId) ? desk().view : stored.ofUser(userId)),
    ofEveryone: async () => desk().view,
    riskSettings: async () => desk().view.riskSettings(),
  }
}

/** How long a gateway trusts its copy of the catalogue's terms, the risk settings and the client groups' pricing (ms). */
const TERMS_FOR_MS = 5_000

/**
 * Where the desk does not run (a gateway): from the database, as committed, in one snapshot per
 * read, marked at the quotes this process holds (the engine's own, relayed) as each client sees them
 * (its group's markup). The catalogue's terms, the risk settings and the client groups' pricing are
 * kept a few seconds (`forget` drops them at once, when staff change them).
 */
export function storedReads(db: Db, quotes: () => Map<number, Quote>) {
  let cached: { terms: InstrumentTerms[]; risk: RiskSettings; pricing: Pricing; until: number } | undefined
  const termsAndRisk = async () => {
    if (cached && Date.now() < cached.until) return cached
    const [terms, risk, pricing] = [await loadTradingTerms(db), await loadRisk(db), await loadPricing(db)]
    cached = { terms, risk, pricing, until: Date.now() + TERMS_FOR_MS }
    return cached
  }
  const read = async (userId?: number) => {
    const { terms, risk, pricing } = await termsAndRisk()
    const state = await db.transaction((tx) => loadLiveState(tx, userId), {
      isolationLevel: 'repeatable read',
      accessMode: 'read only',
    })
    return engineHolding(terms, risk, quotes(), state, pricing)
  }
  const reads: TradingReads & { forget(): void } = {
    ofUser: (userId) => read(userId),
    ofEveryone: () => read(),
    riskSettings: async () => (await termsAndRisk()).risk,
    forget: () => {
      cached = undefined
    },
  }
  return reads
}
