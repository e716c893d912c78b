import { isLanguageCode, type LanguageCode } from '@tp/contracts/light'
import { setDefaultConfig } from 'antd-mobile'
import { loadAntdLocale } from './antd-locale.ts'
import { i18n } from './i18n.ts'

async function apply(language: LanguageCode): Promise<void> {
  const locale = await loadAntdLocale(language)
  if (locale) setDefaultConfig({ locale })
}

/**
 * antd-mobile's own texts (picker buttons, pull-to-refresh, empty states) in the user's language,
 * through its global default config, which its components read when no ConfigProvider is above them
 * and which toasts and dialogs rendered outside React's tree read too. Loaded beside the first screen,
 * not in its way: antd-mobile is not on the first screen, and importing its config would bring its
 * default (zh-CN) texts into the first load.
 */
export function followAntdLocale(language: LanguageCode): void {
  void apply(language)
  i18n.on('languageChanged', (next: string) => {
    if (isLanguageCode(next)) void apply(next)
  })
}
