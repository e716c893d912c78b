import { useEffect } from 'react'

/**
 * Calls `onChange` when the app's theme may have changed: the `data-theme` attribute of <html>
 * (the dark theme's switch) or the system's colour scheme (a theme that follows it).
 */
export function useThemeChange(onChange: () => void): void {
  useEffect(() => {
    const root = document.documentElement
    const observer = new MutationObserver(() => onChange())
    observer.observe(root, { attributes: true, attributeFilter: ['data-theme', 'class', 'style'] })
    const media = window.matchMedia?.('(prefers-color-scheme: dark)')
    media?.addEventListener?.('change', onChange)
    return () => {
      observer.disconnect()
      media?.removeEventListener?.('change', onChange)
    }
  }, [onChange])
}
