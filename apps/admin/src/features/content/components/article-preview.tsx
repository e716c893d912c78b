import { useMemo } from 'react'
import { Empty, Typography } from 'antd'
import type { NewsText } from '@tp/contracts/light'
import { useT } from '../../../common/i18n/i18n.tsx'
import { purifyArticle } from '../lib/article-html.ts'

/** The article as a reader will see it, its HTML cleaned by DOMPurify to the server's element list. */
export function ArticlePreview({ text, rtl }: { text: NewsText | undefined; rtl: boolean }) {
  const t = useT()
  const html = useMemo(() => purifyArticle(text?.content ?? ''), [text?.content])
  if (!text?.title && !html) return <Empty description={t('content.news.nothingToPreview')} />
  return (
    <article className="news-article" dir={rtl ? 'rtl' : 'ltr'} data-testid="news-preview">
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {text?.title}
      </Typography.Title>
      {text?.desc && <Typography.Paragraph type="secondary">{text.desc}</Typography.Paragraph>}
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </article>
  )
}
