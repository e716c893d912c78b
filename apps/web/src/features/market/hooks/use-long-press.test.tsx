import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { LONG_PRESS_MS, useLongPress } from './use-long-press.ts'

function Row({ onLongPress, onClick }: { onLongPress: () => void; onClick: () => void }) {
  const handlers = useLongPress(onLongPress)
  return (
    <a
      href="#row"
      data-testid="row"
      {...handlers}
      onClick={(event) => {
        handlers.onClick(event)
        if (!event.defaultPrevented) onClick()
      }}
    >
      row
    </a>
  )
}

describe('useLongPress', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => {
    cleanup()
    vi.useRealTimers()
  })

  const setup = () => {
    const onLongPress = vi.fn()
    const onClick = vi.fn()
    render(<Row onLongPress={onLongPress} onClick={onClick} />)
    return { row: screen.getByTestId('row'), onLongPress, onClick }
  }
  const down = (row: HTMLElement, x = 10, y = 10) =>
    fireEvent.pointerDown(row, { pointerType: 'touch', button: 0, clientX: x, clientY: y })

  it('fires after the hold and swallows the click that follows', () => {
    const { row, onLongPress, onClick } = setup()
    down(row)
    vi.advanceTimersByTime(LONG_PRESS_MS)
    fireEvent.pointerUp(row)
    fireEvent.click(row)
    expect(onLongPress).toHaveBeenCalledTimes(1)
    expect(onClick).not.toHaveBeenCalled()
  })

  it('is a plain tap when the finger lifts early', () => {
    const { row, onLongPress, onClick } = setup()
    down(row)
    vi.advanceTimersByTime(LONG_PRESS_MS - 100)
    fireEvent.pointerUp(row)
    fireEvent.click(row)
    vi.advanceTimersByTime(1000)
    expect(onLongPress).not.toHaveBeenCalled()
    expect(onClick).toHaveBeenCalledTimes(1)
  })

  it('cancels when the finger moves (a scroll) or the browser takes the gesture', () => {
    const { row, onLongPress } = setup()
    down(row)
    fireEvent.pointerMove(row, { clientX: 10, clientY: 40 })
    vi.advanceTimersByTime(1000)
    down(row)
    fireEvent.pointerCancel(row)
    vi.advanceTimersByTime(1000)
    expect(onLongPress).not.toHaveBeenCalled()
  })

  it('opens from the context menu (menu key, Shift+F10) once, without the phone menu', () => {
    const { row, onLongPress } = setup()
    const event = new MouseEvent('contextmenu', { bubbles: true, cancelable: true })
    row.dispatchEvent(event)
    expect(event.defaultPrevented).toBe(true)
    expect(onLongPress).toHaveBeenCalledTimes(1)
    // A touch long-press brings the timer and then the context menu: one call only.
    down(row)
    vi.advanceTimersByTime(LONG_PRESS_MS)
    row.dispatchEvent(new MouseEvent('contextmenu', { bubbles: true, cancelable: true }))
    expect(onLongPress).toHaveBeenCalledTimes(2)
  })

  it('lets Enter open the link after the context menu was used', () => {
    const { row, onLongPress, onClick } = setup()
    row.dispatchEvent(new MouseEvent('contextmenu', { bubbles: true, cancelable: true }))
    fireEvent.keyDown(row, { key: 'Enter' })
    fireEvent.click(row)
    expect(onLongPress).toHaveBeenCalledTimes(1)
    expect(onClick).toHaveBeenCalledTimes(1)
  })
})
