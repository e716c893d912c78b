import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { accounts } from '../src/db/schema.ts'
import { DRIVERS } from '../test/harness.ts'
import { historyOf, type Action } from './history.ts'
import { runHistory, shrink, type Failure } from './simulate.ts'

describe('simulated histories', () => {
  it('are drawn from the seed alone', () => {
    expect(historyOf(42, 200)).toEqual(historyOf(42, 200))
    expect(historyOf(42, 200)).not.toEqual(historyOf(43, 200))
    // A longer history of a seed begins with the shorter one.
    expect(historyOf(42, 300).slice(0, 200)).toEqual(historyOf(42, 200))
  })

  it('cut to the shortest that still breaks the same invariant', async () => {
    // A stand-in for a run: it "fails" once a gap has come and a close follows it.
    const run = async (actions: readonly Action[]): Promise<Failure | undefined> => {
      const gap = actions.findIndex((a) => a.kind === 'gap')
      const close = actions.findIndex((a, i) => i > gap && a.kind === 'close')
      if (gap < 0 || close < 0) return undefined
      return { seed: 1, step: close, action: actions[close]!, invariant: 'x', detail: '', outcome: '' }
    }
    const history = historyOf(5, 150)
    const failure = await run(history)
    expect(failure).toBeDefined()
    const shrunk = await shrink(history, failure!, run, 1_000)
    expect(shrunk.actions.map((a) => a.kind)).toEqual(['gap', 'close'])
    expect(shrunk.failure.step).toBe(1)
  })
})

describe.each(DRIVERS)('a simulation on %s', (driver) => {
  it('replays a seed exactly, step by step', async () => {
    const outcomes = async () => {
      const said: string[] = []
      const failure = await runHistory(11, historyOf(11, 60), driver, (_, outcome) => said.push(outcome))
      expect(failure).toBeUndefined()
      return said
    }
    const first = await outcomes()
    expect(first.filter((o) => o.endsWith(': ok')).length).toBeGreaterThan(5)
    expect(await outcomes()).toEqual(first)
  })

  it('names the invariant and the step when money moves outside the ledger', async () => {
    const failure = await runHistory(3, historyOf(3, 30), driver, async (step, _, world) => {
      // Someone changes a balance behind the ledger's back after step 10.
      if (step !== 10) return
      const user = world.users[0]!
      await world.app.db
        .update(accounts)
        .set({ balance: sql`${accounts.balance} + 1` })
        .where(eq(accounts.userId, user.userId))
    })
    expect(failure).toMatchObject({
      step: 10,
      invariant: 'every ledger sums to its balance and frozen balance',
    })
  })
})
