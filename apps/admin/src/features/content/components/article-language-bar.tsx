import { Button, Space, Tag } from 'antd'
import { LANGUAGES, type LanguageCode, type NewsTexts } from '@tp/contracts/light'
import { useT } from '../../../common/i18n/i18n.tsx'
import { isStarted } from '../lib/article-texts.ts'
import { WritingLanguageSelect } from '../../../common/components/writing-language-select.tsx'

/** The language being written (any of the 21), which ones hold text, and removing one. */
export function ArticleLanguageBar({
  language,
  texts,
  published,
  onLanguage,
  onRemove,
}: {
  language: LanguageCode
  texts: NewsTexts
  published: boolean | undefined
  onLanguage: (code: LanguageCode) => void
  onRemove: () => void
}) {
  const t = useT()
  const written = LANGUAGES.filter((l) => isStarted(texts[l.code]))
  return (
    <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
      <Space wrap>
        <span>{t('content.news.language')}</span>
        <WritingLanguageSelect
          testId="news-language"
          value={language}
          onChange={onLanguage}
          written={(code) => isStarted(texts[code])}
        />
        {written.length > 0 && (
          <span>
            {t('content.news.written')}{' '}
            {written.map((l) => (
              <Tag
                key={l.code}
                color={l.code === language ? 'blue' : undefined}
                style={{ cursor: 'pointer' }}
                onClick={() => onLanguage(l.code)}
              >
                {l.code}
              </Tag>
            ))}
          </span>
        )}
      </Space>
      <Space>
        {published !== undefined &&
          (published ? (
            <Tag color="green">{t('content.news.published')}</Tag>
          ) : (
            <Tag>{t('content.news.draft')}</Tag>
          ))}
        <Button size="small" disabled={!isStarted(texts[language])} onClick={onRemove}>
          {t('content.news.removeLanguage')}
        </Button>
      </Space>
    </Space>
  )
}
