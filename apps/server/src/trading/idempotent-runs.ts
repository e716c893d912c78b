import type { CommandResult, Rejection } from '@tp/engine'
import type { DbOrTx } from '../db/client.ts'
import { storedOutcome, type IdempotentOutcome } from './idempotency-keys.ts'

/**
 * Commands with an idempotency key run once per user and key within a day. Retries that arrive while
 * the first is still running share its answer (the map below; one writer process, so this is the
 * only place they can meet); later ones read the answer stored with the first command's events.
 * An answer that was not stored (the desk was unavailable) is not remembered: a retry runs again.
 */
export class IdempotentRuns<R extends { ok: boolean }> {
  private readonly running = new Map<string, Promise<R | CommandResult>>()

  constructor(
    private readonly db: DbOrTx,
    /** The answer when the stored one cannot be read (the database is away): nothing is run. */
    private readonly unavailable: R,
  ) {}

  run(userId: number, key: string, first: () => Promise<R>): Promise<R | CommandResult> {
    const id = `${userId}\u0000${key}`
    const running = this.running.get(id)
    if (running) return running
    const answer = (async () => {
      let stored: IdempotentOutcome['outcome'] | undefined
      try {
        stored = await storedOutcome(this.db, userId, key)
      } catch {
        return this.unavailable
      }
      return stored ? asResult(stored) : first()
    })()
    this.running.set(id, answer)
    const forget = () => void this.running.delete(id)
    answer.then(forget, forget)
    return answer
  }
}

/** A stored outcome as the command result it was: placed (no events: they were published then) or refused (with its figures). */
function asResult(outcome: IdempotentOutcome['outcome']): CommandResult {
  return 'orderId' in outcome
    ? { ok: true, events: [], orderId: outcome.orderId }
    : { ok: false, reason: outcome.reason as Rejection, ...(outcome.detail && { detail: outcome.detail }) }
}
