import { describe, expect, it } from 'vitest'
import { equityGeometry } from './equity-chart.ts'

const day = (i: number, profit: number) => ({ date: `2026-03-0${i + 1}`, profit })

describe('equity chart geometry', () => {
  it('spreads the days across the width and the profits over the height', () => {
    const chart = equityGeometry([day(0, 100), day(1, 200), day(2, 150)], 200, 100, 0)
    expect(chart).toMatchObject({ line: '0,100 100,0 200,50', min: 100, max: 200, falling: false })
    expect(chart?.area).toBe('M0,100 L0,100 L100,0 L200,50 L200,100 Z')
  })

  it('draws a flat curve through the middle and marks a fall', () => {
    expect(equityGeometry([day(0, 5), day(1, 5)], 100, 40)?.line).toBe('0,20 100,20')
    expect(equityGeometry([day(0, 5), day(1, 4)], 100, 40)?.falling).toBe(true)
  })

  it('draws one point as a line across, and nothing without points', () => {
    expect(equityGeometry([day(0, 5)], 100, 40)?.line).toBe('0,20 100,20')
    expect(equityGeometry([], 100, 40)).toBeNull()
  })
})
