import { useState } from 'react'
import { App, Button, Drawer, Input, InputNumber, Radio, Space, Tag } from 'antd'
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons'
import {
  APPROPRIATENESS_MAX_OPTIONS,
  APPROPRIATENESS_MAX_QUESTIONS,
  LANGUAGES,
  type LanguageCode,
  type StaffAppropriateness,
  type StaffAppropriatenessQuestion,
} from '@tp/contracts/light'
import { useI18n } from '../../../common/i18n/i18n.tsx'
import { WritingLanguageSelect } from '../../../common/components/writing-language-select.tsx'
import { appropriatenessApi } from '../api/legal-api.ts'

const blank = (): StaffAppropriatenessQuestion => ({
  correct: 0,
  texts: { en: { question: '', options: ['', ''] } },
})

/**
 * Writes a new version of the appropriateness questionnaire: questions with their options per
 * language (English required; one option per line), the right option of each, and how many right
 * answers pass. Saving makes it the one asked from now on.
 */
export default function AppropriatenessDrawer({
  current,
  onClose,
  onSaved,
}: {
  current: StaffAppropriateness | null
  onClose: () => void
  onSaved: () => void
}) {
  const { t } = useI18n()
  const { message } = App.useApp()
  const [questions, setQuestions] = useState<StaffAppropriatenessQuestion[]>(current?.questions ?? [blank()])
  const [passScore, setPassScore] = useState(current?.pass_score ?? 1)
  const [language, setLanguage] = useState<LanguageCode>('en')
  const [saving, setSaving] = useState(false)
  const rtl = LANGUAGES.find((l) => l.code === language)?.rtl ?? false

  const change = (index: number, next: StaffAppropriatenessQuestion) =>
    setQuestions((all) => all.map((q, i) => (i === index ? next : q)))
  const textOf = (q: StaffAppropriatenessQuestion) => q.texts[language] ?? { question: '', options: [] }
  const setText = (index: number, question: string, options: string[]) => {
    const q = questions[index]!
    change(index, { ...q, texts: { ...q.texts, [language]: { question, options } } })
  }

  async function save() {
    // A language left blank everywhere is not sent; English must be whole.
    const cleaned = questions.map((q) => ({
      correct: q.correct,
      texts: Object.fromEntries(
        Object.entries(q.texts).filter(
          ([, v]) => v && (v.question.trim() !== '' || v.options.some((o) => o.trim())),
        ),
      ),
    }))
    if (cleaned.some((q) => !q.texts.en)) return void message.error(t('appropriateness.englishRequired'))
    setSaving(true)
    try {
      await appropriatenessApi.save({ questions: cleaned, pass_score: passScore })
      void message.success(t('appropriateness.saved'))
      onSaved()
    } finally {
      setSaving(false)
    }
  }

  return (
    <Drawer
      open
      width={820}
      onClose={onClose}
      destroyOnHidden
      title={t('appropriateness.editTitle')}
      extra={
        <Button
          type="primary"
          loading={saving}
          onClick={() => void save()}
          data-testid="appropriateness-save"
        >
          {t('appropriateness.save')}
        </Button>
      }
    >
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Space wrap>
          <span>{t('legal.language')}</span>
          <WritingLanguageSelect value={language} onChange={setLanguage} />
          <span>{t('appropriateness.passScore')}</span>
          <InputNumber
            min={1}
            max={questions.length}
            value={passScore}
            onChange={(value) => setPassScore(value ?? 1)}
            data-testid="appropriateness-pass-score"
          />
          <span>/ {questions.length}</span>
        </Space>
        {questions.map((q, index) => {
          const text = textOf(q)
          return (
            <div key={index} style={{ border: '1px solid #e5e7eb', borderRadius: 8, padding: 12 }}>
              <Space style={{ width: '100%', justifyContent: 'space-between' }}>
                <Tag>{t('appropriateness.questionNo', { n: index + 1 })}</Tag>
                <Button
                  size="small"
                  icon={<DeleteOutlined />}
                  disabled={questions.length === 1}
                  onClick={() => setQuestions((all) => all.filter((_, i) => i !== index))}
                />
              </Space>
              <Input
                style={{ marginTop: 8 }}
                dir={rtl ? 'rtl' : 'ltr'}
                placeholder={t('appropriateness.questionText')}
                value={text.question}
                maxLength={500}
                onChange={(event) => setText(index, event.target.value, text.options)}
                data-testid={`appropriateness-question-${index}`}
              />
              <Input.TextArea
                style={{ marginTop: 8 }}
                dir={rtl ? 'rtl' : 'ltr'}
                rows={Math.max(2, text.options.length)}
                placeholder={t('appropriateness.optionsHint')}
                value={text.options.join('\n')}
                onChange={(event) =>
                  setText(
                    index,
                    text.question,
                    event.target.value.split('\n').slice(0, APPROPRIATENESS_MAX_OPTIONS),
                  )
                }
                data-testid={`appropriateness-options-${index}`}
              />
              <div style={{ marginTop: 8 }}>
                {t('appropriateness.correct')}{' '}
                <Radio.Group
                  value={q.correct}
                  onChange={(event) => change(index, { ...q, correct: event.target.value as number })}
                  options={(q.texts.en?.options ?? []).map((option, o) => ({
                    value: o,
                    label: option || `#${o + 1}`,
                  }))}
                />
              </div>
            </div>
          )
        })}
        <Button
          icon={<PlusOutlined />}
          disabled={questions.length >= APPROPRIATENESS_MAX_QUESTIONS}
          onClick={() => setQuestions((all) => [...all, blank()])}
        >
          {t('appropriateness.addQuestion')}
        </Button>
      </Space>
    </Drawer>
  )
}
