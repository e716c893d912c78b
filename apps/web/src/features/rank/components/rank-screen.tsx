import type { RankEntry } from '@tp/contracts/light'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate, useSearchParams } from 'react-router'
import { loginPath } from '../../../common/lib/navigation.ts'
import { useSession } from '../../../common/session/session-store.ts'
import { LoadFailed } from '../../../common/components/load-failed.tsx'
import { Page } from '../../../common/components/page.tsx'
import { PagedFooter } from '../../../common/components/paged-footer.tsx'
import { PageLoading } from '../../../common/components/page-loading.tsx'
import { useRanking } from '../hooks/use-rank.ts'
import { MyRankCard } from './my-rank-card.tsx'
import { RankRow } from './rank-row.tsx'
import { TraderSheet } from './trader-sheet.tsx'
import { FollowSheet } from './follow-sheet.tsx'
import { MyFollows } from './my-follows.tsx'
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

type RankTab = 'traders' | 'copies'

/**
 * /rank (a tab, no back arrow), the documentary: traders who chose to be shown, ranked by their
 * closed trades of the last three weeks (tapping one opens their profile, whose Follow starts
 * copying them), and, under "My copies" (?tab=copies), the client's follows.
 */
export function RankScreen() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [params, setParams] = useSearchParams()
  const tab: RankTab = params.get('tab') === 'copies' ? 'copies' : 'traders'
  const token = useSession((state) => state.token)
  const [open, setOpen] = useState<RankEntry | null>(null)
  const [following, setFollowing] = useState<RankEntry | null>(null)
  const show = (next: RankTab) => setParams(next === 'copies' ? { tab: 'copies' } : {}, { replace: true })

  function follow(entry: RankEntry) {
    if (token === null) return void navigate(loginPath('/rank'))
    setOpen(null)
    setFollowing(entry)
  }

  return (
    <Page title={t('pages.rank')} back={false} className="rank-page">
      <div className="rank-tabs" role="tablist">
        {(['traders', 'copies'] as const).map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            aria-selected={tab === name}
            className={tab === name ? 'rank-tab rank-tab-active' : 'rank-tab'}
            onClick={() => show(name)}
            data-testid={`rank-tab-${name}`}
          >
            {t(name === 'traders' ? 'copy.tabTraders' : 'copy.tabCopies')}
          </button>
        ))}
      </div>
      {tab === 'traders' ? (
        <>
          <MyRankCard />
          <p className="rank-muted rank-intro">{t('rank.intro')}</p>
          <RankList onOpen={setOpen} />
        </>
      ) : (
        <MyFollows onFind={() => show('traders')} />
      )}
      <TraderSheet entry={open} onClose={() => setOpen(null)} onFollow={follow} />
      <FollowSheet
        trader={following}
        onClose={() => setFollowing(null)}
        onStarted={() => {
          setFollowing(null)
          show('copies')
        }}
      />
    </Page>
  )
}
