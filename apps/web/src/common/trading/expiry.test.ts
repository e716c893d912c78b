import { ExpiryType } from '@tp/contracts/light'
import { describe, expect, it } from 'vitest'
import { checkExpiry, expiryDraftOf, localInputText, parseLocalInput, wireTimeOf } from './expiry.ts'

const NOW = new Date(2026, 10, 25, 13, 30).getTime()

describe('pending order expiry in the form', () => {
  it('sends good till cancelled and today as their type alone', () => {
    expect(checkExpiry({ type: ExpiryType.GoodTillCancelled, local: 'ignored' }, NOW)).toEqual({
      ok: true,
      value: { expire_type: 0 },
    })
    expect(checkExpiry({ type: ExpiryType.Today, local: '' }, NOW)).toEqual({
      ok: true,
      value: { expire_type: 1 },
    })
  })

  it('sends a picked local time as UTC wire time', () => {
    const local = '2026-11-26T09:15'
    const at = new Date(2026, 10, 26, 9, 15).getTime()
    expect(checkExpiry({ type: ExpiryType.Specified, local }, NOW)).toEqual({
      ok: true,
      value: { expire_type: 2, expire_time: wireTimeOf(at) },
    })
    expect(wireTimeOf(Date.UTC(2026, 10, 26, 1, 15))).toBe('2026-11-26 01:15:00')
  })

  it('refuses a picked time that is missing, not a time, past or more than a year ahead', () => {
    const problem = (local: string) => {
      const checked = checkExpiry({ type: ExpiryType.Specified, local }, NOW)
      return checked.ok ? null : checked.problem.key
    }
    expect(problem('')).toBe('expiry.errors.required')
    expect(problem('2026-02-30T10:00')).toBe('expiry.errors.required')
    expect(problem('tomorrow')).toBe('expiry.errors.required')
    expect(problem(localInputText(NOW))).toBe('expiry.errors.past')
    expect(problem('2026-11-25T13:29')).toBe('expiry.errors.past')
    expect(problem('2027-12-01T00:00')).toBe('expiry.errors.tooFar')
  })

  it('reads the datetime-local text both ways, in the phone zone', () => {
    expect(parseLocalInput(localInputText(NOW))).toBe(NOW)
    expect(parseLocalInput('2026-11-25T24:00')).toBeUndefined()
  })

  it('starts the detail sheet from an order: none, or its time picked', () => {
    expect(expiryDraftOf('')).toEqual({ type: 0, local: '' })
    const wire = wireTimeOf(NOW + 3_600_000)
    expect(expiryDraftOf(wire)).toEqual({ type: 2, local: localInputText(NOW + 3_600_000) })
  })
})
