import { act, cleanup, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useFrameMap } from './use-frame-map.ts'

/** A hand-driven requestAnimationFrame: callbacks wait until the test runs the next frame. */
function fakeAnimationFrames() {
  let nextId = 1
  const callbacks = new Map<number, FrameRequestCallback>()
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
    const id = nextId++
    callbacks.set(id, callback)
    return id
  })
  vi.stubGlobal('cancelAnimationFrame', (id: number) => callbacks.delete(id))
  return {
    get scheduled() {
      return callbacks.size
    },
    runFrame() {
      const due = [...callbacks.values()]
      callbacks.clear()
      act(() => due.forEach((callback) => callback(performance.now())))
    },
  }
}

describe('useFrameMap', () => {
  let frames: ReturnType<typeof fakeAnimationFrames>
  beforeEach(() => {
    frames = fakeAnimationFrames()
  })
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
  })

  it('renders nothing until the frame, then once with the latest value of each key', () => {
    let renders = 0
    const { result } = renderHook(() => {
      renders += 1
      return useFrameMap<number>()
    })
    const rendersBefore = renders

    act(() => {
      result.current.set('EURUSD', 1.1)
      result.current.set('EURUSD', 1.2)
      result.current.set('BTCUSDT', 60_000)
    })
    expect(renders).toBe(rendersBefore)
    expect(result.current.values.size).toBe(0)
    expect(frames.scheduled).toBe(1)

    frames.runFrame()
    expect(renders).toBe(rendersBefore + 1)
    expect(result.current.values.get('EURUSD')).toBe(1.2)
    expect(result.current.values.get('BTCUSDT')).toBe(60_000)
  })

  it('keeps earlier keys and their identity when a later frame changes others', () => {
    const { result } = renderHook(() => useFrameMap<{ close: number }>())
    const gold = { close: 2400 }
    act(() => result.current.set('XAUUSD', gold))
    frames.runFrame()
    const first = result.current.values

    act(() => result.current.set('EURUSD', { close: 1.1 }))
    frames.runFrame()
    expect(result.current.values).not.toBe(first)
    expect(result.current.values.get('XAUUSD')).toBe(gold)
    expect(result.current.values.get('EURUSD')).toEqual({ close: 1.1 })
  })

  it('schedules a new frame only after the previous one ran', () => {
    const { result } = renderHook(() => useFrameMap<number>())
    act(() => result.current.set('A', 1))
    act(() => result.current.set('B', 2))
    expect(frames.scheduled).toBe(1)
    frames.runFrame()
    expect(frames.scheduled).toBe(0)
    act(() => result.current.set('A', 3))
    expect(frames.scheduled).toBe(1)
  })

  it('cancels the pending frame on unmount', () => {
    const { result, unmount } = renderHook(() => useFrameMap<number>())
    act(() => result.current.set('A', 1))
    expect(frames.scheduled).toBe(1)
    unmount()
    expect(frames.scheduled).toBe(0)
  })

  it('clear drops pending and shown values', () => {
    const { result } = renderHook(() => useFrameMap<number>())
    act(() => result.current.set('A', 1))
    frames.runFrame()
    act(() => {
      result.current.set('B', 2)
      result.current.clear()
    })
    frames.runFrame()
    expect(result.current.values.size).toBe(0)
  })
})
