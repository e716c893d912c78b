/** The 21 languages of docs/product.md "What it is", in the order the language screen lists them. */
export const LANGUAGES = [
  { code: 'hk', name: '繁體中文', htmlLang: 'zh-Hant-HK', rtl: false },
  { code: 'en', name: 'English', htmlLang: 'en', rtl: false },
  { code: 'jp', name: '日本語', htmlLang: 'ja', rtl: false },
  { code: 'kr', name: '한국어', htmlLang: 'ko', rtl: false },
  { code: 'th', name: 'ไทย', htmlLang: 'th', rtl: false },
  { code: 'vn', name: 'Tiếng Việt', htmlLang: 'vi', rtl: false },
  { code: 'fr', name: 'Français', htmlLang: 'fr', rtl: false },
  { code: 'de', name: 'Deutsch', htmlLang: 'de', rtl: false },
  { code: 'ru', name: 'Русский', htmlLang: 'ru', rtl: false },
  { code: 'spa', name: 'Español', htmlLang: 'es', rtl: false },
  { code: 'pt', name: 'Português', htmlLang: 'pt', rtl: false },
  { code: 'ar', name: 'العربية', htmlLang: 'ar', rtl: true },
  { code: 'it', name: 'Italiano', htmlLang: 'it', rtl: false },
  { code: 'tr', name: 'Türkçe', htmlLang: 'tr', rtl: false },
  { code: 'id', name: 'Bahasa Indonesia', htmlLang: 'id', rtl: false },
  // "my" is Malay here (see docs/decisions/004-language-codes.md), not Burmese.
  { code: 'my', name: 'Bahasa Melayu', htmlLang: 'ms', rtl: false },
  { code: 'hi', name: 'हिन्दी', htmlLang: 'hi', rtl: false },
  { code: 'cs', name: 'Čeština', htmlLang: 'cs', rtl: false },
  { code: 'fa', name: 'فارسی', htmlLang: 'fa', rtl: true },
  { code: 'fi', name: 'Suomi', htmlLang: 'fi', rtl: false },
  { code: 'et', name: 'Eesti', htmlLang: 'et', rtl: false },
] as const

export type LanguageCode = (typeof LANGUAGES)[number]['code']
export const LANGUAGE_CODES: readonly LanguageCode[] = LANGUAGES.map((l) => l.code)
export const DEFAULT_LANGUAGE: LanguageCode = 'hk'

export function isLanguageCode(value: unknown): value is LanguageCode {
  return typeof value === 'string' && (LANGUAGE_CODES as readonly string[]).includes(value)
}

/**
 * The first of a browser's languages (`navigator.languages`, or Accept-Language in its order of
 * preference) that the platform writes, by its primary subtag (`zh` of zh-TW, zh-CN and zh-HK is
 * Traditional Chinese here, the one Chinese the platform writes; `ja` is jp, `es` spa, `ms` my), or
 * undefined for none. One rule for the app and the server's first screen.
 */
export function languageFromTags(tags: readonly string[]): LanguageCode | undefined {
  for (const tag of tags) {
    const primary = String(tag).trim().toLowerCase().split(/[-_]/)[0]
    const found = LANGUAGES.find((l) => l.htmlLang.split('-')[0]?.toLowerCase() === primary)
    if (found) return found.code
  }
  return undefined
}

/**
 * The BCP 47 locale figures are written in for one of our language ids (hk -> zh-Hant-HK, jp -> ja),
 * always with Latin digits: prices, amounts and times read 0-9 in every language, Arabic and Persian
 * included, with each locale's own separators and date order (docs/decisions/014-locale-formatting.md).
 */
export function figureLocale(language: LanguageCode): string {
  const htmlLang = LANGUAGES.find((entry) => entry.code === language)?.htmlLang ?? 'en'
  return `${htmlLang}-u-nu-latn`
}

/**
 * The country each language is most spoken in as a trader's home market, for a phone number's
 * calling code when the browser's languages name no region (`ja` alone means Japan here).
 */
const HOME_REGION: Record<LanguageCode, string> = {
  hk: 'HK',
  en: 'US',
  jp: 'JP',
  kr: 'KR',
  th: 'TH',
  vn: 'VN',
  fr: 'FR',
  de: 'DE',
  ru: 'RU',
  spa: 'ES',
  pt: 'BR',
  ar: 'SA',
  it: 'IT',
  tr: 'TR',
  id: 'ID',
  my: 'MY',
  hi: 'IN',
  cs: 'CZ',
  fa: 'IR',
  fi: 'FI',
  et: 'EE',
}

/**
 * The ISO 3166 region a new phone number most likely belongs to: the region of the first of the
 * browser's language tags that names one (`en-GB` -> GB, `zh-Hant-TW` -> TW), else the home country
 * of the language the page is in. The mobile sign-up's calling code starts there (issue 25).
 */
export function homeRegion(tags: readonly string[], language: LanguageCode): string {
  for (const tag of tags) {
    const region = String(tag)
      .split(/[-_]/)
      .slice(1)
      .find((part) => /^[A-Za-z]{2}$/.test(part))
    if (region) return region.toUpperCase()
  }
  return HOME_REGION[language]
}
