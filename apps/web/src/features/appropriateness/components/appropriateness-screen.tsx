import type { AppropriatenessTest } from '@tp/contracts/light'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Button } from 'antd-mobile'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { LoadFailed } from '../../../common/components/load-failed.tsx'
import { Page } from '../../../common/components/page.tsx'
import { PageLoading } from '../../../common/components/page-loading.tsx'
import { toastInfo } from '../../../common/lib/toast.ts'
import {
  acknowledgeAppropriateness,
  answerAppropriateness,
  APPROPRIATENESS_QUERY,
  fetchAppropriateness,
} from '../../../common/legal/legal-api.ts'
import './appropriateness.css'

/** The questions, one option each; sent when every one is answered. */
function Questions({ test, onDone }: { test: AppropriatenessTest; onDone: () => void }) {
  const { t } = useTranslation()
  const [answers, setAnswers] = useState<(number | undefined)[]>(() => test.questions.map(() => undefined))
  const [busy, setBusy] = useState(false)
  const submit = async () => {
    if (answers.some((a) => a === undefined)) return toastInfo(t('appropriateness.unanswered'))
    setBusy(true)
    try {
      await answerAppropriateness(answers as number[])
      onDone()
    } catch {
      // The API client showed why.
    } finally {
      setBusy(false)
    }
  }
  return (
    <>
      <p className="appropriateness-intro">{t('appropriateness.intro')}</p>
      <ol className="appropriateness-questions">
        {test.questions.map((question, q) => (
          <li key={q} className="appropriateness-question">
            <fieldset>
              <legend dir="auto">
                <span className="appropriateness-count">
                  {t('appropriateness.question', { n: q + 1, total: test.questions.length })}
                </span>
                {question.question}
              </legend>
              {question.options.map((option, o) => (
                <label key={o} className="appropriateness-option">
                  <input
                    type="radio"
                    name={`question-${q}`}
                    checked={answers[q] === o}
                    data-testid={`appropriateness-${q}-${o}`}
                    onChange={() => setAnswers((all) => all.map((a, i) => (i === q ? o : a)))}
                  />
                  <span dir="auto">{option}</span>
                </label>
              ))}
            </fieldset>
          </li>
        ))}
      </ol>
      <div className="appropriateness-actions">
        <Button
          block
          color="primary"
          shape="rounded"
          loading={busy}
          data-testid="appropriateness-submit"
          onClick={() => void submit()}
        >
          {t('appropriateness.submit')}
        </Button>
      </div>
    </>
  )
}

/**
 * /mine/appropriateness (decision 046): the short test asked before the first real trade. Passed:
 * the user may trade. Failed: a warning that CFDs may not suit them, with a retake, or going on
 * after it (recorded). A trade refused with `appropriateness_required` comes here.
 */
export function AppropriatenessScreen() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [retaking, setRetaking] = useState(false)
  const [busy, setBusy] = useState(false)
  const test = useQuery({
    queryKey: [APPROPRIATENESS_QUERY],
    queryFn: ({ signal }) => fetchAppropriateness(signal),
    refetchOnMount: 'always',
  })
  const reload = async () => {
    setRetaking(false)
    await queryClient.invalidateQueries({ queryKey: [APPROPRIATENESS_QUERY] })
  }
  const goOn = async () => {
    setBusy(true)
    try {
      await acknowledgeAppropriateness()
      await reload()
    } catch {
      // The API client showed why.
    } finally {
      setBusy(false)
    }
  }

  let body
  if (test.isPending) body = <PageLoading />
  else if (test.isError) body = <LoadFailed onRetry={() => void test.refetch()} />
  else {
    const { result } = test.data
    if (!result || retaking) body = <Questions test={test.data} onDone={() => void reload()} />
    else if (result.passed || result.acknowledged)
      body = (
        <div className="appropriateness-result" data-testid="appropriateness-cleared">
          <p>{result.passed ? t('appropriateness.passed') : t('appropriateness.acknowledged')}</p>
          <Button block color="primary" shape="rounded" onClick={() => navigate('/trade')}>
            {t('appropriateness.toTrade')}
          </Button>
        </div>
      )
    else
      body = (
        <div
          className="appropriateness-result appropriateness-warning"
          role="alert"
          data-testid="appropriateness-failed"
        >
          <h2>{t('appropriateness.failedTitle')}</h2>
          <p>{t('appropriateness.failed', { score: result.score, total: result.total })}</p>
          <Button
            block
            shape="rounded"
            data-testid="appropriateness-retake"
            onClick={() => setRetaking(true)}
          >
            {t('appropriateness.retake')}
          </Button>
          <Button
            block
            color="danger"
            fill="outline"
            shape="rounded"
            loading={busy}
            data-testid="appropriateness-continue"
            onClick={() => void goOn()}
          >
            {t('appropriateness.continue')}
          </Button>
        </div>
      )
  }
  return (
    <Page title={t('appropriateness.title')} backTo="/user">
      {body}
    </Page>
  )
}
