import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react'
import { en, type MessageKey, type Messages } from './en.ts'
import { zhHk } from './zh-hk.ts'

/** The back office speaks English and Traditional Chinese; `code` is what the server's `lang` header takes. */
export const LANGUAGES = [
  { code: 'en', label: 'English', messages: en as Messages },
  { code: 'hk', label: '繁體中文', messages: zhHk },
] as const
export type LanguageCode = (typeof LANGUAGES)[number]['code']

const LANGUAGE_KEY = 'admin-lang'

function storedLanguage(): LanguageCode {
  try {
    const stored = localStorage.getItem(LANGUAGE_KEY)
    if (stored === 'en' || stored === 'hk') return stored
  } catch {
    // Storage blocked: fall through to the browser's language.
  }
  return navigator.language.toLowerCase().startsWith('zh') ? 'hk' : 'en'
}

/** Read by the API client for the `lang` header, outside React. */
let currentLanguage: LanguageCode = storedLanguage()
export const apiLanguage = (): LanguageCode => currentLanguage

export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string

export function format(text: string, values?: Record<string, string | number>): string {
  if (!values) return text
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole))
}

interface I18n {
  language: LanguageCode
  setLanguage: (code: LanguageCode) => void
  t: Translate
}

const I18nContext = createContext<I18n | null>(null)

export function I18nProvider({ children }: { children: ReactNode }) {
  const [language, setState] = useState<LanguageCode>(currentLanguage)
  const setLanguage = useCallback((code: LanguageCode) => {
    currentLanguage = code
    try {
      localStorage.setItem(LANGUAGE_KEY, code)
    } catch {
      // The choice then lasts this page only.
    }
    document.documentElement.lang = code === 'hk' ? 'zh-HK' : 'en'
    setState(code)
  }, [])
  const value = useMemo<I18n>(() => {
    const messages = LANGUAGES.find((l) => l.code === language)?.messages ?? en
    return { language, setLanguage, t: (key, values) => format(messages[key] ?? en[key], values) }
  }, [language, setLanguage])
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>
}

export function useI18n(): I18n {
  const value = useContext(I18nContext)
  if (!value) throw new Error('useI18n outside I18nProvider')
  return value
}

export const useT = (): Translate => useI18n().t

/** A text in the current language, for code outside React (the API client's network error). */
export function translateNow(key: MessageKey): string {
  const messages = LANGUAGES.find((l) => l.code === currentLanguage)?.messages ?? en
  return messages[key] ?? en[key]
}
