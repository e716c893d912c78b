import type { LanguageCode } from '@tp/contracts/light'
import type { Locale } from 'antd-mobile/es/locales/base'

type LocaleModule = { default: Locale }

/**
 * antd-mobile's own texts (picker buttons, pull-to-refresh, empty states) per language. Languages
 * antd-mobile does not ship (hi, cs, fi, et) use English; our screens pass their own texts anyway.
 */
const ANTD_LOCALES: Record<LanguageCode, () => Promise<LocaleModule>> = {
  hk: () => import('antd-mobile/es/locales/zh-HK'),
  en: () => import('antd-mobile/es/locales/en-US'),
  jp: () => import('antd-mobile/es/locales/ja-JP'),
  kr: () => import('antd-mobile/es/locales/ko-KR'),
  th: () => import('antd-mobile/es/locales/th-TH'),
  vn: () => import('antd-mobile/es/locales/vi-VN'),
  fr: () => import('antd-mobile/es/locales/fr-FR'),
  de: () => import('antd-mobile/es/locales/de-DE'),
  ru: () => import('antd-mobile/es/locales/ru-RU'),
  spa: () => import('antd-mobile/es/locales/es-ES'),
  pt: () => import('antd-mobile/es/locales/pt-BR'),
  ar: () => import('antd-mobile/es/locales/ar-SA'),
  it: () => import('antd-mobile/es/locales/it-IT'),
  tr: () => import('antd-mobile/es/locales/tr-TR'),
  id: () => import('antd-mobile/es/locales/id-ID'),
  my: () => import('antd-mobile/es/locales/ms-MY'),
  hi: () => import('antd-mobile/es/locales/en-US'),
  cs: () => import('antd-mobile/es/locales/en-US'),
  fa: () => import('antd-mobile/es/locales/fa-IR'),
  fi: () => import('antd-mobile/es/locales/en-US'),
  et: () => import('antd-mobile/es/locales/en-US'),
}

export async function loadAntdLocale(language: LanguageCode): Promise<Locale | null> {
  try {
    return (await ANTD_LOCALES[language]()).default
  } catch (error) {
    console.debug('antd-mobile locale load failed', language, error)
    return null
  }
}
