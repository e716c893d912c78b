import { LANGUAGES, type LanguageCode, type NewsText, type NewsTexts } from '@tp/contracts/light'
import type { LanguageCode as UiLanguage } from '../../../common/i18n/i18n.tsx'

/** The languages an article is written in, in the order the app lists them. */
export const articleLanguages = (texts: NewsTexts): LanguageCode[] =>
  LANGUAGES.map((l) => l.code).filter((code) => texts[code] !== undefined)

export const languageName = (code: LanguageCode) => LANGUAGES.find((l) => l.code === code)?.name ?? code

/** The text to list an article by: the back office's language, else English, else the first. */
export function listedText(texts: NewsTexts, ui: UiLanguage): NewsText | undefined {
  const [first] = articleLanguages(texts)
  return texts[ui] ?? texts.en ?? (first ? texts[first] : undefined)
}

/** Whether a language of the article has anything typed in it. */
export const isStarted = (text: NewsText | undefined) =>
  Boolean(text && (text.title.trim() || text.desc.trim() || text.content.replace(/<p><\/p>/g, '').trim()))
