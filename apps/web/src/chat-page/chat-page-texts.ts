/** The chat page's language: the `lang` query, else the app's stored choice, else Traditional Chinese. */

const CODES = [
  'hk',
  'en',
  'jp',
  'kr',
  'th',
  'vn',
  'fr',
  'de',
  'ru',
  'spa',
  'pt',
  'ar',
  'it',
  'tr',
  'id',
  'my',
  'hi',
  'cs',
  'fa',
  'fi',
  'et',
]
/** The `lang` attribute of each code (as packages/contracts languages.ts; copied to keep this page small). */
const HTML_LANG: Record<string, string> = {
  hk: 'zh-Hant-HK',
  jp: 'ja',
  kr: 'ko',
  vn: 'vi',
  spa: 'es',
  my: 'ms',
}
const RTL = new Set(['ar', 'fa'])
/** The key under which the app keeps the chosen language (common/lib/storage.ts StorageKey.LANGUAGE). */
const STORED_LANGUAGE_KEY = 'lang'

export function pageLanguage(query: URLSearchParams, stored: string | null): string {
  const asked = query.get('lang')
  if (asked && CODES.includes(asked)) return asked
  if (stored && CODES.includes(stored)) return stored
  return 'hk'
}

export function storedLanguage(): string | null {
  try {
    return window.localStorage.getItem(STORED_LANGUAGE_KEY)
  } catch {
    return null
  }
}

export const htmlLang = (code: string) => HTML_LANG[code] ?? code
export const isRtl = (code: string) => RTL.has(code)

type Texts = Record<string, string>
const loaders = import.meta.glob<{ default: { chat: Texts } }>('../common/i18n/chat/*.json')

/** The chat texts of `code` (falling back to English per key), and `t` to read them. */
export async function loadTexts(
  code: string,
): Promise<(key: string, params?: Record<string, string | number>) => string> {
  const load = async (c: string): Promise<Texts> => {
    try {
      return (await loaders[`../common/i18n/chat/${c}.json`]?.())?.default.chat ?? {}
    } catch {
      // Offline or a missing chunk: the keys' English, then the keys themselves.
      return {}
    }
  }
  const [own, english] = await Promise.all([load(code), load('en')])
  const texts: Texts = { ...english, ...own }
  return (key, params = {}) =>
    (texts[key] ?? key).replace(/\{\{(\w+)\}\}/g, (whole, name: string) => String(params[name] ?? whole))
}
