import { describe, expect, it } from 'vitest'
import { withAlpha } from './chart-theme.ts'

describe('withAlpha', () => {
  it('makes hex and rgb colours translucent', () => {
    expect(withAlpha('#077a57', 0.4)).toBe('rgba(7, 122, 87, 0.4)')
    expect(withAlpha('#fff', 0.5)).toBe('rgba(255, 255, 255, 0.5)')
    expect(withAlpha('rgb(1, 2, 3)', 0.3)).toBe('rgba(1, 2, 3, 0.3)')
    expect(withAlpha('rgba(1 2 3 / 1)', 0.3)).toBe('rgba(1, 2, 3, 0.3)')
  })

  it('leaves what it does not understand', () => {
    expect(withAlpha('oklch(0.5 0.1 120)', 0.3)).toBe('oklch(0.5 0.1 120)')
  })
})
