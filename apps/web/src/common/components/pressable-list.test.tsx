import { act } from 'react'
import { createRoot } from 'react-dom/client'
import { describe, expect, it, vi } from 'vitest'
import { PressableList } from './pressable-list.tsx'

describe('PressableList', () => {
  it('makes clickable list rows buttons that Enter and Space press', async () => {
    const container = document.createElement('div')
    document.body.append(container)
    const pressed = vi.fn()
    await act(async () => {
      createRoot(container).render(
        <PressableList>
          <a className="adm-list-item adm-plain-anchor" onClick={pressed}>
            Wallet
          </a>
          <div className="adm-list-item">Version</div>
        </PressableList>,
      )
    })
    const [row, plain] = container.querySelectorAll<HTMLElement>('.adm-list-item')
    expect(row!.getAttribute('role')).toBe('button')
    expect(row!.getAttribute('tabindex')).toBe('0')
    expect(plain!.hasAttribute('role')).toBe(false)

    row!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }))
    row!.dispatchEvent(new KeyboardEvent('keydown', { key: ' ', bubbles: true }))
    row!.dispatchEvent(new KeyboardEvent('keydown', { key: 'a', bubbles: true }))
    expect(pressed).toHaveBeenCalledTimes(2)
    container.remove()
  })
})
