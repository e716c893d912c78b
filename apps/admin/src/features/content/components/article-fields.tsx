import { Form, Input, Radio } from 'antd'
import { NEWS_DESC_MAX_CHARS, NEWS_TITLE_MAX_CHARS, type NewsText } from '@tp/contracts/light'
import { useT } from '../../../common/i18n/i18n.tsx'
import { NEWS_KINDS, newsKindOf } from '../lib/news-kind.ts'
import { isLogo } from '../lib/web-values.ts'

/** The article's kind, its title and summary in the language being written, and its cover image. */
export function ArticleFields({
  category,
  text,
  logo,
  rtl,
  onCategory,
  onText,
  onLogo,
}: {
  category: number
  text: NewsText
  logo: string
  rtl: boolean
  onCategory: (category: number) => void
  onText: (field: keyof NewsText, value: string) => void
  onLogo: (logo: string) => void
}) {
  const t = useT()
  const logoOk = isLogo(logo.trim())
  return (
    <Form component="div" colon={false} labelCol={{ flex: '130px' }} wrapperCol={{ flex: 1 }}>
      <Form.Item
        label={t('content.news.kind')}
        extra={t('content.news.kindHint')}
        style={{ marginBottom: 16 }}
      >
        <Radio.Group
          data-testid="news-kind"
          optionType="button"
          value={category}
          onChange={(event) => onCategory(event.target.value as number)}
          options={[
            ...NEWS_KINDS.map((kind) => ({
              value: kind.category,
              label: <span data-testid={`news-kind-${kind.category}`}>{t(kind.label)}</span>,
            })),
            // An article of another category (written by older tools) keeps it unless staff choose.
            ...(newsKindOf(category)
              ? []
              : [{ value: category, label: t('content.news.kindOther', { id: category }) }]),
          ]}
        />
      </Form.Item>
      <Form.Item label={t('content.news.articleTitle')} style={{ marginBottom: 16 }}>
        <Input
          data-testid="news-title"
          dir={rtl ? 'rtl' : 'ltr'}
          value={text.title}
          maxLength={NEWS_TITLE_MAX_CHARS}
          showCount
          onChange={(event) => onText('title', event.target.value)}
        />
      </Form.Item>
      <Form.Item label={t('content.news.summary')} style={{ marginBottom: 24 }}>
        <Input.TextArea
          data-testid="news-desc"
          dir={rtl ? 'rtl' : 'ltr'}
          placeholder={t('content.news.summaryHint')}
          value={text.desc}
          maxLength={NEWS_DESC_MAX_CHARS}
          showCount
          autoSize={{ minRows: 1, maxRows: 3 }}
          onChange={(event) => onText('desc', event.target.value)}
        />
      </Form.Item>
      <Form.Item
        label={t('content.news.logo')}
        style={{ marginBottom: 8 }}
        validateStatus={logoOk ? undefined : 'error'}
        help={logoOk ? undefined : t('content.news.badLogo')}
      >
        <Input
          data-testid="news-logo"
          placeholder={t('content.news.logoHint')}
          value={logo}
          maxLength={1000}
          onChange={(event) => onLogo(event.target.value)}
        />
      </Form.Item>
    </Form>
  )
}
