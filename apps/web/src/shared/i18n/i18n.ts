import { DEFAULT_LANGUAGE, isLanguageCode, LANGUAGES, type LanguageCode } from '@tp/contracts'
import i18next, { type TOptions } from 'i18next'
import { initReactI18next } from 'react-i18next'
import { readStorage, StorageKey, writeStorage } from '../lib/storage.ts'
import hk from './locales/hk.json'

export type Messages = typeof hk

/**
 * The default language (hk) is bundled; every other one is its own chunk, fetched when chosen, so
 * the first load carries one language only.
 */
const loaders = import.meta.glob<{ default: Messages }>(['./locales/*.json', '!./locales/hk.json'])

export const i18n = i18next.createInstance()

export function storedLanguage(): LanguageCode {
  const stored = readStorage(StorageKey.LANGUAGE)
  return isLanguageCode(stored) ? stored : DEFAULT_LANGUAGE
}

export async function initI18n(language: LanguageCode = storedLanguage()): Promise<void> {
  if (!i18n.isInitialized) {
    await i18n.use(initReactI18next).init({
      lng: DEFAULT_LANGUAGE,
      fallbackLng: DEFAULT_LANGUAGE,
      resources: { [DEFAULT_LANGUAGE]: { translation: hk } },
      partialBundledLanguages: true,
      interpolation: { escapeValue: false },
    })
  }
  await applyLanguage(language)
}

async function loadMessages(language: LanguageCode): Promise<void> {
  if (i18n.hasResourceBundle(language, 'translation')) return
  const loader = loaders[`./locales/${language}.json`]
  if (!loader) return
  const messages = await loader()
  i18n.addResourceBundle(language, 'translation', messages.default)
}

async function applyLanguage(language: LanguageCode): Promise<void> {
  try {
    await loadMessages(language)
  } catch (error) {
    // A failed chunk (offline) leaves the bundled default in place rather than a blank screen.
    console.debug('language load failed', language, error)
  }
  await i18n.changeLanguage(language)
  setDocumentLanguage(language)
}

/** Chooses a language: persists it, switches the texts and the page's `lang` and `dir`. */
export async function changeLanguage(language: LanguageCode): Promise<void> {
  writeStorage(StorageKey.LANGUAGE, language)
  await applyLanguage(language)
}

export function setDocumentLanguage(language: LanguageCode): void {
  const entry = LANGUAGES.find((l) => l.code === language)
  if (!entry) return
  document.documentElement.lang = entry.htmlLang
  document.documentElement.dir = entry.rtl ? 'rtl' : 'ltr'
}

export function currentLanguage(): LanguageCode {
  const language = i18n.resolvedLanguage ?? i18n.language
  return isLanguageCode(language) ? language : storedLanguage()
}

/** Translation outside React components (API client, toasts). */
export function translate(key: string, options?: TOptions): string {
  return i18n.t(key, options) as string
}
