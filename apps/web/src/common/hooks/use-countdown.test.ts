import { act, cleanup, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { SEND_CODE_COOLDOWN_SECONDS, useCountdown } from './use-countdown.ts'

describe('useCountdown', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => {
    cleanup()
    vi.useRealTimers()
  })

  it('waits 60 seconds by default', () => {
    expect(SEND_CODE_COOLDOWN_SECONDS).toBe(60)
  })

  it('counts down from the start and then allows another send', () => {
    const { result } = renderHook(() => useCountdown())
    expect(result.current.running).toBe(false)

    act(() => result.current.start())
    expect(result.current.running).toBe(true)
    expect(result.current.remaining).toBe(60)

    act(() => vi.advanceTimersByTime(1_000))
    expect(result.current.remaining).toBe(59)

    act(() => vi.advanceTimersByTime(58_000))
    expect(result.current.remaining).toBe(1)
    expect(result.current.running).toBe(true)

    act(() => vi.advanceTimersByTime(1_000))
    expect(result.current.remaining).toBe(0)
    expect(result.current.running).toBe(false)

    act(() => result.current.start())
    expect(result.current.remaining).toBe(60)
  })
})
