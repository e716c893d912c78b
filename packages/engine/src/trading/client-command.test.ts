import { LedgerType, Side } from '@tp/contracts'
import { describe, expect, it } from 'vitest'
import { runClientCommand, type ClientCommand } from './client-command.ts'
import { EURUSD, T0, makeEngine } from './test-fixtures.ts'

/*
 * A client's command as data (decision 049): the same engine methods a route called directly, at the
 * time the desk runs it, with the user the command is run for; and what the engine checks itself,
 * since a command may come from another process.
 */

describe('runClientCommand', () => {
  const open: ClientCommand = {
    kind: 'open',
    order: { instrumentId: EURUSD, side: Side.Buy, lots: '0.1', leverage: 100, stopLoss: 0, takeProfit: 0 },
  }

  it('opens, moves stops and closes for the user it is run for, at the time it is given', () => {
    const engine = makeEngine({ accounts: { 1: '10000', 2: '10000' } })
    const opened = runClientCommand(engine, 1, open, T0)
    expect(opened).toMatchObject({ ok: true })
    const id = (opened as { orderId: number }).orderId
    expect(engine.order(id)).toMatchObject({ userId: 1, placedAtMs: T0 })
    // Another user's order is not theirs to change.
    expect(runClientCommand(engine, 2, { kind: 'close', orderId: id }, T0 + 1000)).toMatchObject({
      ok: false,
      reason: 'order_not_found',
    })
    expect(
      runClientCommand(
        engine,
        1,
        { kind: 'set_stops', orderId: id, stopLoss: 1.05, takeProfit: 0 },
        T0 + 1000,
      ),
    ).toMatchObject({ ok: true })
    expect(
      runClientCommand(engine, 1, { kind: 'close', orderId: id, lots: '0.05' }, T0 + 2000),
    ).toMatchObject({
      ok: true,
    })
    expect(engine.ordersOf(1).map((o) => o.lots.toString())).toEqual(['0.05'])
  })

  it('resets only a demo account, whoever asks', () => {
    const engine = makeEngine({ accounts: { 1: '500' } })
    engine.addAccount(2, '500', false, '0', true)
    const reset: ClientCommand = { kind: 'reset_account', balance: '1000000', type: LedgerType.DEMO_RESET }
    expect(runClientCommand(engine, 1, reset, T0)).toEqual({ ok: false, reason: 'demo_only' })
    expect(engine.accountView(1)?.balance).toBe(500)
    expect(runClientCommand(engine, 2, reset, T0)).toMatchObject({ ok: true })
    expect(engine.accountView(2)?.balance).toBe(1_000_000)
  })
})
