import { LANGUAGES } from '@tp/contracts/light'
import { currentLanguage, i18n } from '../../common/i18n/i18n.ts'
import { StorageKey, writeStorage } from '../../common/lib/storage.ts'
import { shellTexts } from './boot-shell.ts'

function remember(language: string): void {
  const entry = LANGUAGES.find((l) => l.code === language)
  if (!entry) return
  try {
    const texts = shellTexts(entry, (key) =>
      i18n.exists(key, { lng: language }) ? i18n.t(key, { lng: language }) : undefined,
    )
    writeStorage(StorageKey.SHELL_TEXTS, JSON.stringify(texts))
  } catch {
    // A text missing: the next visit's shell shows the default language's, as before any choice.
  }
}

/**
 * Keeps the texts of the app shell (index.html's header and tabs before any JavaScript) in the
 * current language for the next visit: `/app-shell.js` carries only the default language's.
 */
export function followShellTexts(): void {
  remember(currentLanguage())
  i18n.on('languageChanged', remember)
}
