import { Select } from 'antd'
import { GlobalOutlined } from '@ant-design/icons'
import { LANGUAGES, useI18n, type LanguageCode } from '../i18n/i18n.tsx'

export function LanguageSwitch() {
  const { language, setLanguage, t } = useI18n()
  return (
    <Select<LanguageCode>
      value={language}
      onChange={setLanguage}
      aria-label={t('app.language')}
      prefix={<GlobalOutlined />}
      options={LANGUAGES.map((l) => ({ value: l.code, label: l.label }))}
      style={{ width: 150 }}
      variant="borderless"
      data-testid="language-switch"
    />
  )
}
