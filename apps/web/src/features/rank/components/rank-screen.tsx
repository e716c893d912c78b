import type { RankEntry } from '@tp/contracts/light'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { LoadFailed } from '../../../common/components/load-failed.tsx'
import { Page } from '../../../common/components/page.tsx'
import { PagedFooter } from '../../../common/components/paged-footer.tsx'
import { PageLoading } from '../../../common/components/page-loading.tsx'
import { useRanking } from '../hooks/use-rank.ts'
import { MyRankCard } from './my-rank-card.tsx'
import { RankRow } from './rank-row.tsx'
import { TraderSheet } from './trader-sheet.tsx'
import './rank.css'

function RankList({ onOpen }: { onOpen: (entry: RankEntry) => void }) {
  const { t } = useTranslation()
  const ranking = useRanking()
  if (ranking.isPending) return <PageLoading />
  if (ranking.isError && !ranking.data) return <LoadFailed onRetry={() => void ranking.refetch()} />
  const entries = ranking.data.pages.flatMap((page) => page.data)
  if (entries.length === 0)
    return (
      <p className="list-empty" data-testid="rank-empty">
        {t('rank.empty')}
      </p>
    )
  return (
    <>
      <ol className="rank-list" data-testid="rank-list">
        {entries.map((entry, i) => (
          <RankRow key={entry.id} entry={entry} place={i + 1} onOpen={onOpen} />
        ))}
      </ol>
      <PagedFooter
        hasMore={ranking.hasNextPage}
        loadMore={() => ranking.fetchNextPage({ throwOnError: true })}
        endText={t('rank.noMore')}
        retryClassName="rank-link-button"
      />
    </>
  )
}

/**
 * /rank (a tab, no back arrow): traders who chose to be shown, ranked by their closed trades of the
 * last three weeks; tapping one opens their profile. Read-only for visitors.
 */
export function RankScreen() {
  const { t } = useTranslation()
  const [open, setOpen] = useState<RankEntry | null>(null)
  return (
    <Page title={t('pages.rank')} back={false} className="rank-page">
      <MyRankCard />
      <p className="rank-muted rank-intro">{t('rank.intro')}</p>
      <RankList onOpen={setOpen} />
      <TraderSheet entry={open} onClose={() => setOpen(null)} />
    </Page>
  )
}
