/**
 * A database whose next transactions fail when the simulation says so: a write the database
 * refused (a lost connection, a full disk), as the trading desk meets it.
 */
import type { Db } from '../src/db/client.ts'

export const SIMULATED_FAILURE = 'simulated database failure'

/** Whether `error`, or an error it was caused by, is the one the simulation threw. */
export function causedBy(error: unknown, message: string): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) if (e.message === message) return true
  return false
}

export class WriteFaults {
  /** Transactions still to fail. */
  private armed = 0
  /** Transactions failed so far. */
  failed = 0

  /** The next `count` statements or transactions begun through `wrap`ped databases fail before they run. */
  failNext(count: number): void {
    this.armed += count
  }

  /** Disarms what was not used (the step that armed it is over). */
  disarm(): number {
    const left = this.armed
    this.armed = 0
    return left
  }

  wrap(db: Db): Db {
    return new Proxy(db, {
      get: (target, property, receiver) => {
        const value: unknown = Reflect.get(target, property, receiver)
        // A trading commit is one statement (`execute`); a money step is a transaction.
        if ((property !== 'transaction' && property !== 'execute') || typeof value !== 'function')
          return value
        return (...args: unknown[]) => {
          if (this.armed > 0) {
            this.armed--
            this.failed++
            return Promise.reject(new Error(SIMULATED_FAILURE))
          }
          return (value as (...a: unknown[]) => unknown).apply(target, args)
        }
      },
    })
  }
}
