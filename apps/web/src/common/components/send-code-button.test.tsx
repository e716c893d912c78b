import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { i18n, initI18n } from '../i18n/i18n.ts'
import { SendCodeButton } from './send-code-button.tsx'

describe('SendCodeButton', () => {
  beforeAll(async () => {
    await initI18n('en')
  })
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => {
    cleanup()
    vi.useRealTimers()
  })

  it('counts down 60 s after a successful send, then enables again', async () => {
    const onSend = vi.fn(async () => true)
    render(<SendCodeButton onSend={onSend} testId="send" />)
    const button = screen.getByTestId('send')
    expect(button.tagName).toBe('BUTTON')
    await act(async () => {
      fireEvent.click(button)
    })
    expect(onSend).toHaveBeenCalledTimes(1)
    expect(button).toHaveProperty('disabled', true)
    expect(button.textContent).toBe(i18n.t('auth.resendIn', { seconds: 60 }))

    fireEvent.click(button)
    expect(onSend).toHaveBeenCalledTimes(1)

    act(() => vi.advanceTimersByTime(60_000))
    expect(button).toHaveProperty('disabled', false)
    expect(button.textContent).toBe('Send code')
  })

  it('stays enabled when the send failed', async () => {
    render(<SendCodeButton onSend={async () => false} testId="send" />)
    await act(async () => {
      fireEvent.click(screen.getByTestId('send'))
    })
    expect(screen.getByTestId('send')).toHaveProperty('disabled', false)
  })
})
