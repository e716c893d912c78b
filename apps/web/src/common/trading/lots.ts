import type { Instrument } from '@tp/contracts/light'
import { failed, invalid, valid, type Checked } from './problem.ts'

/** The lot rules of an instrument: the step (`Pip`), the least and the most one order may hold. */
export interface LotRules {
  step: number
  min: number
  max: number
}

export function lotRules(instrument: Instrument): LotRules {
  return { step: instrument.Pip, min: instrument.ForexMinCont, max: instrument.ForexMaxCont }
}

/** Lots on the wire: at most 6 whole digits and 4 decimals (the server's `cont`). */
const LOTS_TEXT = /^\d{1,6}(?:\.(\d{1,4}))?$/
const MAX_DECIMALS = 4

function decimalsOf(value: number): number {
  const text = String(value)
  const exponent = /e-(\d+)$/.exec(text)
  if (exponent) return Number(exponent[1])
  return text.split('.')[1]?.length ?? 0
}

/** Decimals lots are shown with: as many as the step or the minimum has (0.01 -> 2). */
export function lotDecimals(rules: LotRules): number {
  return Math.min(MAX_DECIMALS, Math.max(decimalsOf(rules.step), decimalsOf(rules.min)))
}

export function formatLots(value: number, rules: LotRules): string {
  return value.toFixed(lotDecimals(rules))
}

/** docs/product.md "Input rules": the form starts at the minimum lots. */
export function defaultLots(rules: LotRules): string {
  return formatLots(rules.min, rules)
}

/** Typed lots as a number, or null when the text is not plain lots (sign, letters, 5 decimals). */
export function parseLots(text: string): number | null {
  const trimmed = text.trim()
  return LOTS_TEXT.test(trimmed) ? Number(trimmed) : null
}

/** Lots and rules as whole units of the display grid, so that stepping never drifts (0.1 + 0.2). */
function onGrid(rules: LotRules) {
  const scale = 10 ** lotDecimals(rules)
  return {
    scale,
    step: Math.max(1, Math.round(rules.step * scale)),
    min: Math.round(rules.min * scale),
    max: Math.round(rules.max * scale),
  }
}

/**
 * One step up or down from the typed lots (docs/product.md "Input rules": the stepper moves by `Pip`), landing on a
 * multiple of the step and within the minimum and maximum. Unreadable text starts at the minimum.
 */
export function stepLots(text: string, direction: 1 | -1, rules: LotRules): string {
  const grid = onGrid(rules)
  const value = parseLots(text)
  if (value === null) return defaultLots(rules)
  const units = value * grid.scale
  const steps =
    direction > 0 ? Math.floor(units / grid.step + 1e-9) + 1 : Math.ceil(units / grid.step - 1e-9) - 1
  const next = Math.min(grid.max, Math.max(grid.min, steps * grid.step))
  return formatLots(next / grid.scale, rules)
}

/** The minus control is off when one step less would be at or below 0, or below the minimum. */
export function canDecrease(text: string, rules: LotRules): boolean {
  const value = parseLots(text)
  if (value === null) return false
  const grid = onGrid(rules)
  const next = Math.round(value * grid.scale) - grid.step
  return next > 0 && next >= grid.min
}

export function canIncrease(text: string, rules: LotRules): boolean {
  const value = parseLots(text)
  if (value === null) return true
  const grid = onGrid(rules)
  return Math.round(value * grid.scale) + grid.step <= grid.max
}

/** The lots to send, as typed, or what is wrong: none, below the minimum, above the maximum, off the step. */
export function checkLots(text: string, rules: LotRules): Checked<string> {
  const trimmed = text.trim()
  const value = parseLots(trimmed)
  if (value === null || value <= 0) return invalid('orderForm.errors.lotsRequired')
  const grid = onGrid(rules)
  const units = value * grid.scale
  if (units < grid.min - 1e-9)
    return invalid('orderForm.errors.lotsMin', { min: formatLots(rules.min, rules) })
  if (units > grid.max + 1e-9)
    return invalid('orderForm.errors.lotsMax', { max: formatLots(rules.max, rules) })
  const offGrid = Math.abs(units - Math.round(units)) > 1e-6 || Math.round(units) % grid.step !== 0
  if (offGrid) return invalid('orderForm.errors.lotsStep', { step: formatLots(rules.step, rules) })
  return valid(trimmed)
}

/**
 * The lots to close of a position holding `held`: all of them, or a part on the step that leaves at
 * least the minimum open (decision 018). `whole` says which, since the two are confirmed differently.
 */
export function checkCloseLots(
  text: string,
  rules: LotRules,
  held: number,
): Checked<{ lots: string; whole: boolean }> {
  const checked = checkLots(text, { ...rules, max: held })
  if (!checked.ok) return failed(checked.problem)
  const grid = onGrid(rules)
  const asked = Math.round(Number(checked.value) * grid.scale)
  const all = Math.round(held * grid.scale)
  if (asked === all) return valid({ lots: checked.value, whole: true })
  if (all - asked < grid.min)
    return invalid('orders.errors.restTooSmall', {
      min: formatLots(rules.min, rules),
      held: formatLots(held, rules),
    })
  return valid({ lots: checked.value, whole: false })
}

/** Whether a position of `held` lots can be closed in part: one part of at least the minimum leaves as much. */
export function canClosePart(held: number, rules: LotRules): boolean {
  const grid = onGrid(rules)
  return Math.round(held * grid.scale) >= 2 * grid.min
}
