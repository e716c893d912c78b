import { StorageKey, readStorage, removeStorage, writeStorage } from '../lib/storage.ts'
import { parseThemeChoice, resolveTheme, type Theme, type ThemeChoice } from './theme-choice.ts'

/**
 * The theme at run time. index.html sets `data-theme` and antd-mobile's `data-prefers-color-scheme`
 * on <html> before the first paint; this module keeps them right afterwards: at once when the user
 * picks a theme in /mine/system, when the system turns dark or light while the choice is "system",
 * and when another tab changes the choice. It also paints the browser's bar (meta theme-color).
 */
const DARK_QUERY = '(prefers-color-scheme: dark)'
const listeners = new Set<() => void>()
let started = false
/** The last choice made here, for when storage refuses to keep it (private browsing). */
let chosen: ThemeChoice | undefined

function systemPrefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches
}

export function getThemeChoice(): ThemeChoice {
  return chosen ?? parseThemeChoice(readStorage(StorageKey.THEME))
}

/** Puts `theme` on <html> and the browser bar; doing it twice is harmless. */
export function applyTheme(theme: Theme, root: HTMLElement = document.documentElement): void {
  if (root.dataset.theme !== theme) root.dataset.theme = theme
  // antd-mobile's own dark mode (its CSS variables) keys on this attribute.
  if (root.dataset.prefersColorScheme !== theme) root.dataset.prefersColorScheme = theme
  // The colour the stylesheet gives the bar for this theme (--theme-color), once the attribute applies.
  const color = getComputedStyle(root).getPropertyValue('--theme-color').trim()
  if (!color) return
  for (const meta of document.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]')) {
    if (meta.content !== color) meta.content = color
  }
}

function applyCurrent(): void {
  applyTheme(resolveTheme(getThemeChoice(), systemPrefersDark()))
  for (const listener of listeners) listener()
}

/** Once, at start: applies the stored choice and follows the system and other tabs from then on. */
export function startTheme(): void {
  if (started) return
  started = true
  applyCurrent()
  if (typeof window.matchMedia === 'function') {
    window.matchMedia(DARK_QUERY).addEventListener('change', () => {
      if (getThemeChoice() === 'system') applyCurrent()
    })
  }
  window.addEventListener('storage', (event) => {
    if (event.key !== StorageKey.THEME && event.key !== null) return
    chosen = undefined
    applyCurrent()
  })
}

export function setThemeChoice(choice: ThemeChoice): void {
  chosen = choice
  if (choice === 'system') removeStorage(StorageKey.THEME)
  else writeStorage(StorageKey.THEME, choice)
  applyCurrent()
}

/** For useSyncExternalStore: called after every change of choice or of the theme in force. */
export function subscribeTheme(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
