import { afterEach, describe, expect, it } from 'vitest'
import type { ServerMessage } from '../socket-client.ts'
import {
  INITIAL_MARGIN_CALL,
  afterForexTrade,
  afterMarginCall,
  isMarginCallMessage,
  marginCallWarning,
  percentText,
  resetMarginCall,
  useMarginCall,
  watchMarginCall,
} from './margin-call.ts'

const forexTrade = (HazardRate: unknown): ServerMessage => ({
  type: 'FOREX_TRADE',
  HazardRate,
  CautionMoneyAll: '100',
  ProfitsTotal: '0',
  TransOrder: [],
})
const marginCall = { type: 'MARGIN_CALL' as const, level: 72.5, margin_call_level: 120, stop_out_level: 40 }

/** A socket whose pushes the test makes. */
function fakeSocket() {
  const listeners = new Map<string, Set<(message: ServerMessage) => void>>()
  return {
    listen(type: string, handler: (message: ServerMessage) => void) {
      const set = listeners.get(type) ?? new Set()
      listeners.set(type, set.add(handler))
      return () => void set.delete(handler)
    },
    push(message: ServerMessage) {
      for (const handler of listeners.get(message.type) ?? []) handler(message)
    },
  }
}

describe('margin-call state', () => {
  it('warns below the default 100 % and not at or above it, nor without margin', () => {
    const at = (rate: unknown) => marginCallWarning(afterForexTrade(INITIAL_MARGIN_CALL, forexTrade(rate)))
    expect(at(99.99)).toEqual({ level: 99.99, stopOutLevel: 50 })
    expect(at(100)).toBeNull()
    expect(at(250)).toBeNull()
    expect(at(null)).toBeNull()
  })

  it('takes the thresholds of the last MARGIN_CALL and keeps them for later FOREX_TRADE frames', () => {
    const called = afterMarginCall(INITIAL_MARGIN_CALL, marginCall)
    expect(marginCallWarning(called)).toEqual({ level: 72.5, stopOutLevel: 40 })
    expect(marginCallWarning(afterForexTrade(called, forexTrade(110)))).toEqual({
      level: 110,
      stopOutLevel: 40,
    })
    expect(marginCallWarning(afterForexTrade(called, forexTrade(120)))).toBeNull()
  })

  it('ignores frames without a usable HazardRate and returns the same state when nothing changed', () => {
    const state = afterForexTrade(INITIAL_MARGIN_CALL, forexTrade(80))
    expect(afterForexTrade(state, forexTrade('80'))).toBe(state)
    expect(afterForexTrade(state, forexTrade(undefined))).toBe(state)
    expect(afterForexTrade(state, forexTrade(Number.NaN))).toBe(state)
    expect(afterForexTrade(state, forexTrade(80))).toBe(state)
    expect(afterForexTrade(state, { type: 'DAY_MARKET', HazardRate: 10 })).toBe(state)
  })

  it('recognises only whole MARGIN_CALL messages', () => {
    expect(isMarginCallMessage(marginCall)).toBe(true)
    expect(isMarginCallMessage({ ...marginCall, level: '72.5' })).toBe(false)
    expect(isMarginCallMessage({ ...marginCall, stop_out_level: undefined })).toBe(false)
    expect(isMarginCallMessage({ ...marginCall, type: 'FOREX_TRADE' })).toBe(false)
  })

  it('shows whole percentages as they are and cuts others to two decimals', () => {
    expect(percentText(50)).toBe('50')
    expect(percentText(99.996)).toBe('99.99')
    expect(percentText(1234.5)).toBe('1,234.50')
  })
})

describe('watchMarginCall', () => {
  afterEach(resetMarginCall)

  it('feeds the store from the socket until stopped, and a reset forgets the account', () => {
    const socket = fakeSocket()
    const stop = watchMarginCall(socket)
    socket.push(marginCall)
    expect(marginCallWarning(useMarginCall.getState())).toEqual({ level: 72.5, stopOutLevel: 40 })
    socket.push(forexTrade(130))
    expect(marginCallWarning(useMarginCall.getState())).toBeNull()
    socket.push(forexTrade(90))
    expect(useMarginCall.getState().level).toBe(90)
    resetMarginCall()
    expect(useMarginCall.getState()).toEqual(INITIAL_MARGIN_CALL)
    stop()
    socket.push(forexTrade(10))
    expect(useMarginCall.getState().level).toBeNull()
  })
})
