import { useEffect, type ReactNode } from 'react'
import { QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { App as AntApp, ConfigProvider } from 'antd'
import enUS from 'antd/locale/en_US'
import zhHK from 'antd/locale/zh_HK'
import { isSignInAgain } from '../common/api/client.ts'
import { I18nProvider, useI18n } from '../common/i18n/i18n.tsx'

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A refused call is not retried; a network failure is, once.
      retry: (count, error) => !isSignInAgain(error) && count < 1 && (error as { code?: number }).code === -1,
      refetchOnWindowFocus: true,
    },
  },
  queryCache: new QueryCache(),
})

function Localized({ children }: { children: ReactNode }) {
  const { language } = useI18n()
  // The server's messages come in the language asked: read them again in the new one.
  useEffect(() => {
    void queryClient.invalidateQueries()
  }, [language])
  return (
    <ConfigProvider
      locale={language === 'hk' ? zhHK : enUS}
      theme={{ token: { colorPrimary: '#1d4ed8', borderRadius: 6 } }}
    >
      <AntApp>{children}</AntApp>
    </ConfigProvider>
  )
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nProvider>
        <Localized>{children}</Localized>
      </I18nProvider>
    </QueryClientProvider>
  )
}
