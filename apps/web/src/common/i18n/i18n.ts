import {
  DEFAULT_LANGUAGE,
  isLanguageCode,
  languageFromTags,
  LANGUAGES,
  type LanguageCode,
} from '@tp/contracts/light'
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

/** Languages whose core messages (locales/*.json) are in i18n; a message part may add a bundle first. */
const coreLoaded = new Set<LanguageCode>([DEFAULT_LANGUAGE])

/**
 * Message parts: texts that only some screens use (the trading screens: order form, orders, account
 * summary, demo reset), in files of their own so that none of them is part of the first load, not
 * even in the default language. A screen's route loader asks for its part (screen-loaders.ts); from
 * then on, every language chosen loads that part too before it is shown. Each part adds top-level
 * sections of its own (locales.test.ts checks), so it never overwrites a core message.
 */
type PartLoaders = Record<string, () => Promise<{ default: Record<string, unknown> }>>
const partLoaders = {
  trading: () => import('./trading-part.ts'),
  money: () => import('./money-part.ts'),
  /** Identity check and invitations. */
  center: () => import('./center-part.ts'),
  news: () => import('./news-part.ts'),
  rank: () => import('./rank-part.ts'),
  chat: () => import('./chat-part.ts'),
  feedback: () => import('./feedback-part.ts'),
  /** Partner companies (main mode's product search). */
  company: () => import('./company-part.ts'),
} satisfies Record<string, () => Promise<{ loaders: PartLoaders }>>
export type MessagePart = keyof typeof partLoaders
const partsWanted = new Set<MessagePart>()
const partsLoaded = new Set<string>()

async function loadPart(part: MessagePart, language: LanguageCode): Promise<void> {
  const id = `${part}:${language}`
  if (partsLoaded.has(id)) return
  const { loaders } = await partLoaders[part]()
  const loader = loaders[`./${part}/${language}.json`]
  if (!loader) return
  const messages = await loader()
  i18n.addResourceBundle(language, 'translation', messages.default, true, false)
  partsLoaded.add(id)
}

/**
 * Loads a message part for the current language; settles also when offline. Not for the fallback
 * language too: every language has every key (locales.test.ts), and a second chunk to fetch and
 * parse on each screen's first visit is a long task on a slow phone.
 */
export async function loadMessagePart(part: MessagePart): Promise<void> {
  partsWanted.add(part)
  // Before initI18n (unit tests of loaders): the first language applied will bring it.
  if (!i18n.isInitialized) return
  const language = currentLanguage()
  try {
    await loadPart(part, language)
  } catch (error) {
    // The screen still works; texts not loaded show their keys until a reload.
    console.debug('message part failed to load', part, error)
  }
}

/**
 * The language the app starts in: the one chosen on this phone before, else the first of the
 * browser's languages the platform writes (`navigator.languages`), else the default (hk). The page's
 * shell script (app/layout/boot-shell.ts) and the server's first screen pick it by the same rule.
 */
export function startLanguage(): LanguageCode {
  const stored = readStorage(StorageKey.LANGUAGE)
  if (isLanguageCode(stored)) return stored
  const browser = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language])
  return languageFromTags(browser) ?? DEFAULT_LANGUAGE
}

export async function initI18n(language: LanguageCode = startLanguage()): Promise<void> {
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
  if (coreLoaded.has(language)) return
  const loader = loaders[`./locales/${language}.json`]
  if (!loader) return
  const messages = await loader()
  // Deep and without overwriting: a message part may have added its own sections to the bundle.
  i18n.addResourceBundle(language, 'translation', messages.default, true, false)
  coreLoaded.add(language)
}

async function applyLanguage(language: LanguageCode): Promise<void> {
  try {
    await Promise.all([loadMessages(language), ...[...partsWanted].map((part) => loadPart(part, language))])
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
  return isLanguageCode(language) ? language : startLanguage()
}

/** Translation outside React components (API client, toasts). */
export function translate(key: string, options?: TOptions): string {
  return i18n.t(key, options) as string
}
