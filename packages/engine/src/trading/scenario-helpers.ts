// Shared helpers of the hand-computed engine scenarios: event types, string form, a refusal.
import type { EngineEvent, Rejection } from './types.ts'

export const types = (events: readonly EngineEvent[]) => events.map((e) => e.type)
export const str = (value: { toString(): string }) => value.toString()
export const refused = (reason: Rejection) => ({ ok: false, reason })
