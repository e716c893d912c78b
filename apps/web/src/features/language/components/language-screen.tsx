import { LANGUAGES, type LanguageCode } from '@tp/contracts/light'
import { CheckList } from 'antd-mobile'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { Page } from '../../../common/components/page.tsx'
import { changeLanguage, currentLanguage } from '../../../common/i18n/i18n.ts'
import { canGoBack } from '../../../common/lib/go-back.ts'

/** /language: the 21 languages by their own names; choosing one applies it and goes back. */
export function LanguageScreen() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [switching, setSwitching] = useState(false)
  const current = currentLanguage()

  async function choose(code: LanguageCode) {
    if (switching) return
    setSwitching(true)
    try {
      await changeLanguage(code)
    } finally {
      setSwitching(false)
    }
    if (canGoBack()) navigate(-1)
    else navigate('/', { replace: true })
  }

  return (
    <Page title={t('pages.language')}>
      <CheckList className="language-list" value={[current]}>
        {LANGUAGES.map((language) => (
          <CheckList.Item
            key={language.code}
            value={language.code}
            data-testid={`lang-${language.code}`}
            aria-current={language.code === current ? 'true' : undefined}
            onClick={() => void choose(language.code)}
          >
            <span lang={language.htmlLang} dir={language.rtl ? 'rtl' : 'ltr'}>
              {language.name}
            </span>
          </CheckList.Item>
        ))}
      </CheckList>
    </Page>
  )
}
