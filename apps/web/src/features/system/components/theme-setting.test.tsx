import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { initI18n } from '../../../common/i18n/i18n.ts'
import { StorageKey } from '../../../common/lib/storage.ts'
import { ThemeSetting } from './theme-setting.tsx'

describe('ThemeSetting', () => {
  beforeAll(async () => {
    vi.stubGlobal('matchMedia', () => ({ matches: false, addEventListener() {}, removeEventListener() {} }))
    await initI18n('en')
  })
  afterEach(() => {
    cleanup()
    localStorage.clear()
  })

  it('offers System, Light and Dark as a named radio group and applies a choice at once', () => {
    render(<ThemeSetting />)
    expect(screen.getByRole('group', { name: 'Theme' })).toBeTruthy()
    const radios = screen.getAllByRole('radio')
    expect(radios.map((radio) => radio.getAttribute('value'))).toEqual(['system', 'light', 'dark'])
    expect(screen.getByRole('radio', { name: 'System' })).toHaveProperty('checked', true)

    act(() => {
      fireEvent.click(screen.getByRole('radio', { name: 'Dark' }))
    })
    expect(localStorage.getItem(StorageKey.THEME)).toBe('dark')
    expect(document.documentElement.dataset.theme).toBe('dark')
    expect(screen.getByRole('radio', { name: 'Dark' })).toHaveProperty('checked', true)

    act(() => {
      fireEvent.click(screen.getByRole('radio', { name: 'System' }))
    })
    expect(localStorage.getItem(StorageKey.THEME)).toBeNull()
    expect(document.documentElement.dataset.theme).toBe('light')
  })
})
