import { useState } from 'react'
import { App, Button, Drawer, Input, Segmented, Space } from 'antd'
import { DeleteOutlined } from '@ant-design/icons'
import {
  LANGUAGES,
  NEWS_DEFAULT_CATEGORY,
  type LanguageCode,
  type NewsText,
  type NewsTexts,
  type StaffNewsItem,
} from '@tp/contracts/light'
import { useI18n } from '../../../common/i18n/i18n.tsx'
import { contentApi, storedArticle } from '../api/content-api.ts'
import { articleLanguages, isStarted } from '../lib/article-texts.ts'
import { hasArticleContent } from '../lib/article-html.ts'
import { isLogo } from '../lib/web-values.ts'
import { ArticleFields } from './article-fields.tsx'
import { ArticleLanguageBar } from './article-language-bar.tsx'
import { ArticlePreview } from './article-preview.tsx'
import { RichTextEditor } from './rich-text-editor.tsx'

type Mode = 'rich' | 'html' | 'preview'
const EMPTY: NewsText = { title: '', desc: '', content: '' }

/**
 * Writes an article in any of the 21 languages (rich text, its HTML, a preview), saves it as a
 * draft or publishes it, deletes it. After a save the drawer shows what the server stored
 * (sanitized), not what was typed.
 */
export default function NewsEditorDrawer({
  article,
  onClose,
  onChanged,
}: {
  article: StaffNewsItem | undefined
  onClose: () => void
  onChanged: () => void
}) {
  const { t, language: ui } = useI18n()
  const { message, modal } = App.useApp()
  const [stored, setStored] = useState(article)
  const [texts, setTexts] = useState<NewsTexts>(article?.texts ?? {})
  const [logo, setLogo] = useState(article?.logo ?? '')
  const [category, setCategory] = useState(article?.category_id ?? NEWS_DEFAULT_CATEGORY)
  const [language, setLanguage] = useState<LanguageCode>(
    () =>
      (article
        ? (articleLanguages(article.texts).find((c) => c === ui) ?? articleLanguages(article.texts)[0])
        : ui) ?? 'en',
  )
  const [mode, setMode] = useState<Mode>('rich')
  /** Bumped when the texts are replaced by the stored ones: the editor starts again from them. */
  const [version, setVersion] = useState(0)
  const [dirty, setDirty] = useState(false)
  const [saving, setSaving] = useState<'draft' | 'publish' | null>(null)
  const text = texts[language] ?? EMPTY
  const rtl = LANGUAGES.find((l) => l.code === language)?.rtl ?? false

  const edit = (field: keyof NewsText, value: string) => {
    setTexts((all) => ({ ...all, [language]: { ...(all[language] ?? EMPTY), [field]: value } }))
    setDirty(true)
  }
  const removeLanguage = () => {
    setTexts(({ [language]: _removed, ...rest }) => rest)
    setVersion((v) => v + 1)
    setDirty(true)
  }

  async function save(publish: boolean) {
    const started = LANGUAGES.map((l) => l.code).filter((code) => isStarted(texts[code]))
    const incomplete = started.filter(
      (code) => !texts[code]?.title.trim() || !hasArticleContent(texts[code]!.content),
    )
    if (started.length === 0) return void message.error(t('content.news.empty'))
    if (incomplete.length > 0) {
      setLanguage(incomplete[0]!)
      return void message.error(t('content.news.incomplete', { languages: incomplete.join(', ') }))
    }
    if (!isLogo(logo.trim())) return void message.error(t('content.news.badLogo'))
    setSaving(publish ? 'publish' : 'draft')
    try {
      const { id } = await contentApi.saveNews({
        ...(stored ? { id: stored.id } : {}),
        category_id: category,
        logo: logo.trim(),
        texts: Object.fromEntries(started.map((code) => [code, texts[code]])),
        published: publish,
      })
      onChanged()
      const kept = await storedArticle(id)
      if (kept) {
        setStored(kept)
        setTexts(kept.texts)
        setLogo(kept.logo)
        setCategory(kept.category_id)
        const languages = articleLanguages(kept.texts)
        const dropped = started.filter((code) => !languages.includes(code))
        if (dropped.length > 0) message.warning(t('content.news.dropped', { languages: dropped.join(', ') }))
        if (!languages.includes(language) && languages[0]) setLanguage(languages[0])
        setVersion((v) => v + 1)
        setDirty(false)
      }
      message.success(t(publish ? 'content.news.publishedNow' : 'content.news.savedDraft'))
    } catch (error) {
      message.error((error as Error).message)
    } finally {
      setSaving(null)
    }
  }

  const confirmDelete = () =>
    stored &&
    modal.confirm({
      title: t('content.news.deleteTitle'),
      content: text.title,
      okText: t('content.delete'),
      okButtonProps: { danger: true, 'data-testid': 'confirm-ok' },
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await contentApi.deleteNews(stored.id)
          message.success(t('content.news.deleted'))
          onChanged()
          onClose()
        } catch (error) {
          message.error((error as Error).message)
        }
      },
    })

  const close = () =>
    dirty
      ? modal.confirm({
          title: t('content.news.discardTitle'),
          okText: t('content.news.discard'),
          cancelText: t('common.cancel'),
          onOk: onClose,
        })
      : onClose()

  return (
    <Drawer
      open
      size={1040}
      onClose={close}
      title={t(stored ? 'content.news.editTitle' : 'content.news.newTitle')}
      data-testid="news-drawer"
      footer={
        <Space style={{ width: '100%', justifyContent: 'space-between' }}>
          <span>
            {stored && (
              <Button
                danger
                icon={<DeleteOutlined />}
                data-testid="news-drawer-delete"
                onClick={confirmDelete}
              >
                {t('content.delete')}
              </Button>
            )}
          </span>
          <Space>
            <Button onClick={close}>{t('common.close')}</Button>
            <Button
              loading={saving === 'draft'}
              disabled={saving !== null}
              data-testid="news-save-draft"
              onClick={() => void save(false)}
            >
              {t(stored?.published ? 'content.news.unpublish' : 'content.news.saveDraft')}
            </Button>
            <Button
              type="primary"
              loading={saving === 'publish'}
              disabled={saving !== null}
              data-testid="news-publish"
              onClick={() => void save(true)}
            >
              {t(stored?.published ? 'content.news.update' : 'content.news.publish')}
            </Button>
          </Space>
        </Space>
      }
    >
      <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid="news-form">
        <ArticleLanguageBar
          language={language}
          texts={texts}
          published={stored?.published}
          onLanguage={setLanguage}
          onRemove={removeLanguage}
        />
        <ArticleFields
          category={category}
          onCategory={(value) => {
            setCategory(value)
            setDirty(true)
          }}
          text={text}
          logo={logo}
          rtl={rtl}
          onText={edit}
          onLogo={(value) => {
            setLogo(value)
            setDirty(true)
          }}
        />
        <Segmented<Mode>
          data-testid="news-mode"
          value={mode}
          onChange={setMode}
          options={[
            { value: 'rich', label: t('content.news.modeRich') },
            { value: 'html', label: <span data-testid="mode-html">{t('content.news.modeHtml')}</span> },
            {
              value: 'preview',
              label: <span data-testid="mode-preview">{t('content.news.modePreview')}</span>,
            },
          ]}
        />
        {mode === 'rich' && (
          <RichTextEditor
            key={`${language}:${version}`}
            initial={text.content}
            rtl={rtl}
            onChange={(html) => edit('content', html)}
          />
        )}
        {mode === 'html' && (
          <Input.TextArea
            data-testid="news-html"
            aria-label={t('content.news.modeHtml')}
            value={text.content}
            spellCheck={false}
            autoSize={{ minRows: 14, maxRows: 24 }}
            style={{ fontFamily: 'ui-monospace, monospace', fontSize: 13 }}
            onChange={(event) => edit('content', event.target.value)}
          />
        )}
        {mode === 'preview' && <ArticlePreview text={texts[language]} rtl={rtl} />}
      </Space>
    </Drawer>
  )
}
