import type { MarginCallMessage } from '@tp/contracts/light'
import { create } from 'zustand'
import { formatAmount } from '../lib/money.ts'
import type { ServerMessage } from '../socket-client.ts'

/**
 * The server's default levels (settings `margin_call_level` and `stop_out_level`), used until a
 * MARGIN_CALL message tells the account's own: a reload while the account is in margin call still
 * warns from FOREX_TRADE's `HazardRate` alone.
 */
export const DEFAULT_MARGIN_CALL_LEVEL = 100
export const DEFAULT_STOP_OUT_LEVEL = 50

/** What the app knows of the signed-in account's margin, all in percent. */
export interface MarginCallState {
  /** The margin level; null with no margin used, or before the socket has said. */
  level: number | null
  /** Below this level the account is in margin call (from the last MARGIN_CALL). */
  marginCallLevel: number
  /** At this level positions are closed (from the last MARGIN_CALL). */
  stopOutLevel: number
}

export const INITIAL_MARGIN_CALL: MarginCallState = {
  level: null,
  marginCallLevel: DEFAULT_MARGIN_CALL_LEVEL,
  stopOutLevel: DEFAULT_STOP_OUT_LEVEL,
}

const isLevel = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value)

export function isMarginCallMessage(message: ServerMessage): message is ServerMessage & MarginCallMessage {
  return (
    message.type === 'MARGIN_CALL' &&
    isLevel(message.level) &&
    isLevel(message.margin_call_level) &&
    isLevel(message.stop_out_level)
  )
}

/**
 * The state after a FOREX_TRADE, whose `HazardRate` is the margin level now (null: no margin used).
 * A frame without a usable `HazardRate` changes nothing; an unchanged level returns the same state,
 * so the once-a-second frames re-render nothing.
 */
export function afterForexTrade(state: MarginCallState, message: ServerMessage): MarginCallState {
  const rate = message.HazardRate
  const level = rate === null ? null : isLevel(rate) ? rate : undefined
  if (message.type !== 'FOREX_TRADE' || level === undefined || level === state.level) return state
  return { ...state, level }
}

/** The state after a MARGIN_CALL: its level and the account's two thresholds. */
export function afterMarginCall(state: MarginCallState, message: MarginCallMessage): MarginCallState {
  return {
    ...state,
    level: message.level,
    marginCallLevel: message.margin_call_level,
    stopOutLevel: message.stop_out_level,
  }
}

/** The warning to show, or null while the level is at or above the margin-call level (or unknown). */
export function marginCallWarning(state: MarginCallState): { level: number; stopOutLevel: number } | null {
  if (state.level === null || state.level >= state.marginCallLevel) return null
  return { level: state.level, stopOutLevel: state.stopOutLevel }
}

/**
 * A percentage as the warning shows it: whole numbers as they are ("50"), others with two decimals
 * cut, not rounded, so a level just under the threshold never reads as the threshold ("99.99").
 */
export function percentText(value: number): string {
  return formatAmount(value.toFixed(6), Number.isInteger(value) ? 0 : 2)
}

export const useMarginCall = create<MarginCallState>()(() => INITIAL_MARGIN_CALL)

/** The part of the socket client this needs. */
interface Listener {
  listen(type: string, handler: (message: ServerMessage) => void): () => void
}

/**
 * Feeds `useMarginCall` from the socket: FOREX_TRADE (about once a second while positions are
 * open) and MARGIN_CALL, both sent to the signed-in owner only. Returns a function that stops.
 */
export function watchMarginCall(socket: Listener): () => void {
  const stops = [
    socket.listen('FOREX_TRADE', (message) =>
      useMarginCall.setState((state) => afterForexTrade(state, message)),
    ),
    socket.listen('MARGIN_CALL', (message) => {
      if (isMarginCallMessage(message)) useMarginCall.setState((state) => afterMarginCall(state, message))
    }),
  ]
  return () => stops.forEach((stop) => stop())
}

/** Forgets the account's margin (sign-out, another account signed in). */
export function resetMarginCall(): void {
  useMarginCall.setState(INITIAL_MARGIN_CALL)
}
