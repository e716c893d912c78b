import { useSyncExternalStore } from 'react'
import { getThemeChoice, setThemeChoice, startTheme, subscribeTheme } from '../../../common/theme/theme.ts'
import type { ThemeChoice } from '../../../common/theme/theme-choice.ts'

/** The user's theme choice, kept in step with other tabs and the system, and a way to change it. */
export function useThemeChoice(): [ThemeChoice, (choice: ThemeChoice) => void] {
  // Idempotent; main.tsx starts it too, this only makes sure the choice is followed here.
  startTheme()
  const choice = useSyncExternalStore(subscribeTheme, getThemeChoice)
  return [choice, setThemeChoice]
}
