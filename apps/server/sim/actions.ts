/** One step of a history done to the world: the action, then the desk's clock, until all is written. */
import { changeFollow, follow } from './actions-copy.ts'
import { applyTradingSettings } from '../src/trading/trading-settings.ts'
import type { Action } from './history.ts'
import { adjust, decideHeld, deposit, register, withdraw } from './actions-people.ts'
import {
  cancel,
  closeBy,
  closePosition,
  databaseFault,
  modify,
  open,
  pending,
  retry,
  stops,
  trailing,
} from './actions-trading.ts'
import { holiday, limits, strayQuote, walk, weekend } from './actions-markets.ts'
import { TICK_MS, type World } from './world.ts'

export async function act(world: World, action: Action): Promise<void> {
  world.lastOutcome = ''
  world.restarted = undefined
  await perform(world, action)
  await world.settle()
}

async function perform(world: World, action: Action): Promise<void> {
  switch (action.kind) {
    case 'register':
      return register(world)
    case 'deposit':
      return deposit(world, action.user, action.amount, action.decision)
    case 'withdraw':
      return withdraw(world, action.user, action.amount, action.decision)
    case 'decide':
      return decideHeld(world, action.user, action.decision)
    case 'adjust':
      return adjust(world, action.user, action.amount)
    case 'open':
      return open(world, action)
    case 'pending':
      return pending(world, action)
    case 'trailing':
      return trailing(world, action.user, action.position, action.points)
    case 'stops':
      return stops(world, action)
    case 'modify':
      return modify(world, action)
    case 'close':
      return closePosition(world, action.user, action.position, action.part)
    case 'close-by':
      return closeBy(world, action.user, action.position, action.by)
    case 'cancel':
      return cancel(world, action.user, action.pending)
    case 'retry':
      return retry(world, action)
    case 'walk':
      return walk(world, action)
    case 'gap': {
      const instrument = world.instrument(action.instrument)
      world.app.clock.advance(TICK_MS)
      world.quote(instrument, instrument.mid * (1 + action.percent / 100))
      return world.say(`gap ${instrument.code} ${action.percent.toFixed(2)}%`)
    }
    case 'time':
      world.app.clock.advance(action.ms)
      return world.say(`time +${Math.round(action.ms / 60_000)} min`)
    case 'weekend':
      return weekend(world, action.percent)
    case 'late-quote':
    case 'future-quote':
      return strayQuote(world, action.kind, action.instrument)
    case 'db-fault':
      return databaseFault(world, action)
    case 'holiday':
      return holiday(world, action.percent)
    case 'settings': {
      const { kind: _, ...change } = action
      const applied = await applyTradingSettings(world.app.db, world.app.desk, change)
      return world.say(
        `settings ${JSON.stringify(change)}: ${applied.ok ? 'ok' : JSON.stringify(applied.problems)}`,
      )
    }
    case 'limits':
      return limits(world, action)
    case 'restart':
      await world.restart()
      return world.say('restart')
    case 'follow':
      return follow(world, action)
    case 'unfollow':
      return changeFollow(world, action)
  }
}
