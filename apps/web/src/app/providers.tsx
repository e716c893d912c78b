import { isLanguageCode } from '@tp/contracts'
import { QueryClientProvider } from '@tanstack/react-query'
import { ConfigProvider, setDefaultConfig } from 'antd-mobile'
import type { Locale } from 'antd-mobile/es/locales/base'
import { useEffect, useState, type ReactNode } from 'react'
import { I18nextProvider } from 'react-i18next'
import { loadAntdLocale } from '../shared/i18n/antd-locale.ts'
import { i18n } from '../shared/i18n/i18n.ts'
import { queryClient } from '../shared/lib/query-client.ts'

/** antd-mobile's own texts follow the chosen language, also in toasts and dialogs rendered outside React's tree. */
function useAntdLocale(initial: Locale | null): Locale | null {
  const [locale, setLocale] = useState(initial)
  useEffect(() => {
    const onChange = (language: string) => {
      if (!isLanguageCode(language)) return
      void loadAntdLocale(language).then((loaded) => {
        if (!loaded) return
        setDefaultConfig({ locale: loaded })
        setLocale(loaded)
      })
    }
    i18n.on('languageChanged', onChange)
    return () => i18n.off('languageChanged', onChange)
  }, [])
  return locale
}

export function Providers({ antdLocale, children }: { antdLocale: Locale | null; children: ReactNode }) {
  const locale = useAntdLocale(antdLocale)
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        {locale ? <ConfigProvider locale={locale}>{children}</ConfigProvider> : children}
      </QueryClientProvider>
    </I18nextProvider>
  )
}
