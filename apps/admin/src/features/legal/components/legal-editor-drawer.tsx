import { useState } from 'react'
import { App, Button, Drawer, Input, Space, Tag } from 'antd'
import { LANGUAGES, type LanguageCode, type LegalKind, type StaffLegalDocument } from '@tp/contracts/light'
import { useI18n } from '../../../common/i18n/i18n.tsx'
import { WritingLanguageSelect } from '../../../common/components/writing-language-select.tsx'
import type { MessageKey } from '../../../common/i18n/en.ts'
import { legalApi, type LegalTexts } from '../api/legal-api.ts'

/** What the drawer edits: a draft (its id), a new version of a kind (from the current texts), or a published one to read. */
export interface LegalEditing {
  kind: LegalKind
  document?: StaffLegalDocument
  /** The texts a new version starts from (the current version's). */
  from?: LegalTexts
}

const EMPTY = { title: '', body: '' }
const started = (text: { title: string; body: string } | undefined) =>
  text !== undefined && (text.title.trim() !== '' || text.body.trim() !== '')

/**
 * Writes a version of a legal document in any of the 21 languages (plain text), English required.
 * A draft is saved as many times as needed; publishing is the list's. A published version is shown
 * read-only.
 */
export default function LegalEditorDrawer({
  editing,
  onClose,
  onSaved,
}: {
  editing: LegalEditing
  onClose: () => void
  onSaved: () => void
}) {
  const { t, language: ui } = useI18n()
  const { message } = App.useApp()
  const readOnly = editing.document?.published_at != null
  const [texts, setTexts] = useState<LegalTexts>(editing.document?.texts ?? editing.from ?? {})
  const [language, setLanguage] = useState<LanguageCode>(ui === 'hk' && texts.hk ? 'hk' : 'en')
  const [saving, setSaving] = useState(false)
  const text = texts[language] ?? EMPTY
  const rtl = LANGUAGES.find((l) => l.code === language)?.rtl ?? false
  const kindName = t(`legal.kind.${editing.kind}` as MessageKey)

  const edit = (field: 'title' | 'body', value: string) =>
    setTexts((all) => ({ ...all, [language]: { ...(all[language] ?? EMPTY), [field]: value } }))

  async function save() {
    const written = Object.fromEntries(Object.entries(texts).filter(([, v]) => started(v))) as LegalTexts
    const incomplete = Object.entries(written)
      .filter(([, v]) => !v?.title.trim() || !v?.body.trim())
      .map(([code]) => code)
    if (!written.en) return void message.error(t('legal.englishRequired'))
    if (incomplete.length > 0)
      return void message.error(t('legal.incomplete', { languages: incomplete.join(', ') }))
    setSaving(true)
    try {
      await legalApi.saveDraft({ id: editing.document?.id, kind: editing.kind, texts: written })
      void message.success(t('legal.saved'))
      onSaved()
    } finally {
      setSaving(false)
    }
  }

  return (
    <Drawer
      open
      width={760}
      onClose={onClose}
      destroyOnHidden
      title={
        editing.document
          ? t('legal.editorTitle', { kind: kindName, version: editing.document.version })
          : t('legal.editorNew', { kind: kindName })
      }
      extra={
        !readOnly && (
          <Button type="primary" loading={saving} onClick={() => void save()} data-testid="legal-save">
            {t('legal.saveDraft')}
          </Button>
        )
      }
    >
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        {readOnly && <Tag>{t('legal.readOnly')}</Tag>}
        <Space wrap>
          <span>{t('legal.language')}</span>
          <WritingLanguageSelect
            testId="legal-language"
            value={language}
            onChange={setLanguage}
            written={(code) => started(texts[code])}
          />
        </Space>
        <label style={{ display: 'block' }}>
          {t('legal.docTitle')}
          <Input
            value={text.title}
            maxLength={200}
            dir={rtl ? 'rtl' : 'ltr'}
            readOnly={readOnly}
            onChange={(event) => edit('title', event.target.value)}
            data-testid="legal-title"
          />
        </label>
        <label style={{ display: 'block' }}>
          {t('legal.body')}
          <Input.TextArea
            value={text.body}
            rows={22}
            maxLength={100_000}
            dir={rtl ? 'rtl' : 'ltr'}
            readOnly={readOnly}
            onChange={(event) => edit('body', event.target.value)}
            data-testid="legal-body"
          />
        </label>
      </Space>
    </Drawer>
  )
}
