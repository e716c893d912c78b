import { DEFAULT_LANGUAGE, isLanguageCode, type LanguageCode } from '@tp/contracts/light'

/** i18next's language as one of ours (it is always one; the default otherwise). */
export const currentLanguageOf = (language: string): LanguageCode =>
  isLanguageCode(language) ? language : DEFAULT_LANGUAGE
