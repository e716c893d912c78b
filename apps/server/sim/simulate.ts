/**
 * Runs one history on a fresh world, checking every invariant after every step, and cuts a failing
 * history down to the shortest that still breaks the same invariant.
 */
import type { Action } from './history.ts'
import { INVARIANTS, newMemory } from './invariants.ts'
import { act } from './actions.ts'
import { World } from './world.ts'

export type Driver = 'pglite' | 'postgres'

export interface Failure {
  seed: number
  /** The step (0-based) after which the invariant broke. */
  step: number
  action: Action
  invariant: string
  detail: string
  /** What the step did, as the world said. */
  outcome: string
}

/** The invariant name of a step that threw (a crash of the server's code, or of the world's). */
export const THREW = 'no step throws'

/** Runs `actions` as the history of `seed`; the first broken invariant, or undefined. */
export async function runHistory(
  seed: number,
  actions: readonly Action[],
  driver: Driver,
  /** Called after each step, before the invariants are checked (awaited: a test may act on the world). */
  onStep?: (step: number, outcome: string, world: World) => unknown,
  onEnd?: (summary: string) => void,
): Promise<Failure | undefined> {
  const world = await World.open(seed, driver)
  const memory = newMemory()
  try {
    for (let step = 0; step < actions.length; step++) {
      const action = actions[step]!
      const failure = (invariant: string, detail: string): Failure => ({
        seed,
        step,
        action,
        invariant,
        detail,
        outcome: world.lastOutcome,
      })
      try {
        await act(world, action)
      } catch (error) {
        return failure(THREW, error instanceof Error ? (error.stack ?? error.message) : String(error))
      }
      await onStep?.(step, world.lastOutcome, world)
      const last = step === actions.length - 1
      for (const invariant of INVARIANTS) {
        if (invariant.when === 'restart' && !world.restarted && !last) continue
        const broken = await invariant.check(world, memory)
        if (broken) return failure(invariant.name, broken)
      }
    }
    if (onEnd) onEnd(await world.summary())
    return undefined
  } finally {
    await world.close()
  }
}

/**
 * The shortest history found that still breaks `failure.invariant`: chunks of steps are cut while
 * the failure stays (delta debugging), halving the chunk until single steps, within `budget` runs.
 */
export async function shrink(
  actions: readonly Action[],
  failure: Failure,
  run: (actions: readonly Action[]) => Promise<Failure | undefined>,
  budget: number,
  onProgress?: (length: number) => void,
): Promise<{ actions: Action[]; failure: Failure; runs: number }> {
  let best = actions.slice(0, failure.step + 1)
  let bestFailure = failure
  let runs = 0
  for (let chunk = Math.max(1, Math.floor(best.length / 2)); chunk >= 1 && runs < budget;) {
    let cut = false
    for (let start = 0; start + chunk <= best.length && runs < budget;) {
      const candidate = [...best.slice(0, start), ...best.slice(start + chunk)]
      runs++
      const found = await run(candidate)
      if (found && found.invariant === failure.invariant) {
        best = candidate.slice(0, found.step + 1)
        bestFailure = found
        cut = true
        onProgress?.(best.length)
      } else start += chunk
    }
    if (!cut) chunk = Math.floor(chunk / 2)
  }
  return { actions: best, failure: bestFailure, runs }
}
