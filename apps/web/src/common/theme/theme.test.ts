import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { StorageKey } from '../lib/storage.ts'
import { parseThemeChoice, resolveTheme } from './theme-choice.ts'

describe('the stored theme choice', () => {
  it('reads light and dark, and anything else as following the system', () => {
    expect(parseThemeChoice('light')).toBe('light')
    expect(parseThemeChoice('dark')).toBe('dark')
    for (const other of [null, undefined, '', 'system', 'DARK', ' dark', '{"x":1}'])
      expect(parseThemeChoice(other)).toBe('system')
  })

  it('follows the system only when the choice is "system"', () => {
    expect(resolveTheme('system', true)).toBe('dark')
    expect(resolveTheme('system', false)).toBe('light')
    expect(resolveTheme('light', true)).toBe('light')
    expect(resolveTheme('dark', false)).toBe('dark')
  })
})

/** A matchMedia whose answer the test turns, as the phone's system setting would. */
function fakeSystem(dark: boolean) {
  const handlers = new Set<() => void>()
  const query = {
    get matches() {
      return dark
    },
    addEventListener: (_type: string, handler: () => void) => handlers.add(handler),
    removeEventListener: (_type: string, handler: () => void) => handlers.delete(handler),
  }
  vi.stubGlobal('matchMedia', () => query)
  return {
    turn(next: boolean) {
      dark = next
      for (const handler of handlers) handler()
    },
  }
}

describe('the theme at run time', () => {
  beforeEach(() => {
    vi.resetModules()
    localStorage.clear()
    document.documentElement.removeAttribute('data-theme')
    document.documentElement.removeAttribute('data-prefers-color-scheme')
    document.head.innerHTML = '<meta name="theme-color" content="#0b1f3a" />'
    document.documentElement.style.setProperty('--theme-color', '#123456')
  })
  afterEach(() => vi.unstubAllGlobals())

  const html = () => document.documentElement

  it('applies the stored choice at start, with antd-mobile dark mode and the bar colour', async () => {
    fakeSystem(false)
    localStorage.setItem(StorageKey.THEME, 'dark')
    const { startTheme } = await import('./theme.ts')
    startTheme()
    expect(html().dataset.theme).toBe('dark')
    expect(html().getAttribute('data-prefers-color-scheme')).toBe('dark')
    expect(document.querySelector('meta[name="theme-color"]')?.getAttribute('content')).toBe('#123456')
  })

  it('follows the system while the choice is "system", and stops when the user picks one', async () => {
    const system = fakeSystem(false)
    const { setThemeChoice, startTheme, subscribeTheme } = await import('./theme.ts')
    const seen = vi.fn()
    subscribeTheme(seen)
    startTheme()
    expect(html().dataset.theme).toBe('light')
    system.turn(true)
    expect(html().dataset.theme).toBe('dark')
    expect(seen).toHaveBeenCalled()

    setThemeChoice('light')
    expect(localStorage.getItem(StorageKey.THEME)).toBe('light')
    expect(html().dataset.theme).toBe('light')
    system.turn(true)
    expect(html().dataset.theme).toBe('light')

    setThemeChoice('system')
    expect(localStorage.getItem(StorageKey.THEME)).toBeNull()
    expect(html().dataset.theme).toBe('dark')
  })

  it('takes a choice made in another tab', async () => {
    fakeSystem(false)
    const { getThemeChoice, startTheme } = await import('./theme.ts')
    startTheme()
    localStorage.setItem(StorageKey.THEME, 'dark')
    window.dispatchEvent(new StorageEvent('storage', { key: StorageKey.THEME, newValue: 'dark' }))
    expect(getThemeChoice()).toBe('dark')
    expect(html().dataset.theme).toBe('dark')
  })

  it('works without matchMedia (old browsers): light unless the user chose dark', async () => {
    vi.stubGlobal('matchMedia', undefined)
    const { setThemeChoice, startTheme } = await import('./theme.ts')
    startTheme()
    expect(html().dataset.theme).toBe('light')
    setThemeChoice('dark')
    expect(html().dataset.theme).toBe('dark')
  })
})
