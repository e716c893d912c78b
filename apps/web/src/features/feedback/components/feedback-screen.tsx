import { FEEDBACK_PAGE_SIZE } from '@tp/contracts/light'
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query'
import { Button } from 'antd-mobile'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { LoadFailed } from '../../../common/components/load-failed.tsx'
import { Page } from '../../../common/components/page.tsx'
import { PageLoading } from '../../../common/components/page-loading.tsx'
import { PagedFooter } from '../../../common/components/paged-footer.tsx'
import { nextPageAfter } from '../../../common/lib/paging.ts'
import { FEEDBACK_QUERY, fetchFeedback } from '../api/feedback-api.ts'
import { appBuild, screenFrom } from '../lib/feedback-form.ts'
import { FeedbackForm } from './feedback-form.tsx'
import { FeedbackEntry } from './feedback-list.tsx'
import './feedback.css'

function useOwnFeedback() {
  return useInfiniteQuery({
    queryKey: [FEEDBACK_QUERY],
    queryFn: ({ pageParam, signal }) => fetchFeedback(pageParam, FEEDBACK_PAGE_SIZE, signal),
    initialPageParam: 1,
    getNextPageParam: (_last, pages) => nextPageAfter(pages, (page) => page.data),
    refetchOnMount: 'always',
    staleTime: 0,
  })
}

/**
 * /feedback (issue 25): the form, a thank-you once it is sent, and everything the user sent with
 * support's status and answer, newest first.
 */
export function FeedbackScreen() {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const [params] = useSearchParams()
  const [sent, setSent] = useState(false)
  const list = useOwnFeedback()
  const items = list.data?.pages.flatMap((page) => page.data) ?? []

  function handleSent() {
    setSent(true)
    void queryClient.invalidateQueries({ queryKey: [FEEDBACK_QUERY] })
  }

  let history
  if (list.isPending) history = <PageLoading />
  else if (list.isError) history = <LoadFailed onRetry={() => void list.refetch()} />
  else if (items.length === 0)
    history = (
      <p className="feedback-empty" data-testid="feedback-empty">
        {t('feedback.empty')}
      </p>
    )
  else
    history = (
      <>
        <ul className="feedback-entries" data-testid="feedback-list">
          {items.map((item) => (
            <FeedbackEntry key={item.id} item={item} />
          ))}
        </ul>
        <PagedFooter
          hasMore={list.hasNextPage}
          loadMore={() => list.fetchNextPage()}
          endText={t('feedback.noMore')}
          retryClassName="feedback-retry"
          testId="feedback"
        />
      </>
    )

  return (
    <Page title={t('pages.feedback')} backTo="/user" className="feedback-page">
      {!sent ? (
        <FeedbackForm
          appVersion={appBuild([...document.querySelectorAll<HTMLScriptElement>('script[src]')])}
          screen={screenFrom(params.get('from'))}
          onSent={handleSent}
        />
      ) : (
        <section className="form-card feedback-sent" data-testid="feedback-sent" role="status">
          <h2 className="feedback-sent-title">{t('feedback.sentTitle')}</h2>
          <p className="feedback-intro">{t('feedback.sentText')}</p>
          <Button
            color="primary"
            fill="outline"
            shape="rounded"
            onClick={() => setSent(false)}
            data-testid="feedback-again"
          >
            {t('feedback.sendAnother')}
          </Button>
        </section>
      )}
      <section className="feedback-history" aria-labelledby="feedback-history-title">
        <h2 className="feedback-section-title" id="feedback-history-title">
          {t('feedback.listTitle')}
        </h2>
        {history}
      </section>
    </Page>
  )
}
