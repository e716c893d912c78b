import type { FollowView } from '@tp/contracts/light'
import { Button } from 'antd-mobile'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { LoadFailed } from '../../../common/components/load-failed.tsx'
import { PageLoading } from '../../../common/components/page-loading.tsx'
import { useFollows } from '../../../common/copy/follows.ts'
import { Dialog } from '../../../common/lib/antd-dialog.ts'
import { loginPath } from '../../../common/lib/navigation.ts'
import { useSession } from '../../../common/session/session-store.ts'
import { useChangeFollow, useSkips, useStopFollow } from '../hooks/use-copy.ts'
import { Profit } from './rank-figures.tsx'

function Skips({ followId }: { followId: number }) {
  const { t } = useTranslation()
  const skips = useSkips(followId)
  if (skips.isPending) return <PageLoading />
  if (!skips.data || skips.data.data.length === 0) return <p className="rank-muted">{t('copy.noSkips')}</p>
  return (
    <ul className="copy-skips" data-testid={`copy-skips-${followId}`}>
      {skips.data.data.map((skip) => (
        <li key={`${skip.leader_order_id}-${skip.created_at}`}>
          <bdi>{skip.code}</bdi> · <span className="num">{skip.created_at}</span>
          <div className="rank-muted">{skip.reason}</div>
        </li>
      ))}
    </ul>
  )
}

function FollowCard({ follow }: { follow: FollowView }) {
  const { t } = useTranslation()
  const change = useChangeFollow()
  const stop = useStopFollow()
  const [showSkips, setShowSkips] = useState(false)
  const running = follow.ended_at === ''
  const gain = Number(follow.value) - Number(follow.amount)

  async function askAmount() {
    let typed = follow.amount
    const confirmed = await Dialog.confirm({
      title: t('copy.changeAmount'),
      content: (
        <input
          className="copy-dialog-input"
          data-testid="copy-change-amount"
          inputMode="decimal"
          defaultValue={follow.amount}
          onChange={(event) => (typed = event.target.value)}
        />
      ),
      confirmText: <span data-testid="copy-change-amount-save">{t('rank.save')}</span>,
      cancelText: t('common.cancel'),
    })
    if (confirmed) change.mutate({ followId: follow.id, amount: typed.trim() })
  }

  /** Stop following: close the copies now, or keep them as one's own positions. */
  async function askStop() {
    let close: boolean | null = null
    await new Promise<void>((resolve) => {
      Dialog.show({
        title: t('copy.stopTitle'),
        content: t('copy.stopHint'),
        closeOnAction: true,
        closeOnMaskClick: true,
        afterClose: resolve,
        actions: [
          {
            key: 'close',
            text: <span data-testid="copy-stop-close">{t('copy.stopAndClose')}</span>,
            danger: true,
            onClick: () => {
              close = true
            },
          },
          {
            key: 'keep',
            text: <span data-testid="copy-stop-keep">{t('copy.stopAndKeep')}</span>,
            onClick: () => {
              close = false
            },
          },
          { key: 'cancel', text: t('common.back') },
        ],
      })
    })
    if (close !== null) stop.mutate({ followId: follow.id, close })
  }

  return (
    <li className="copy-card" data-testid={`copy-follow-${follow.id}`}>
      <div className="copy-card-head">
        <bdi className="copy-card-name">{follow.leader.user}</bdi>
        {!running ? (
          <span className="copy-tag copy-tag-ended">{t(`copy.ended.${follow.end_reason || 'user'}`)}</span>
        ) : follow.paused === 1 ? (
          <span className="copy-tag">{t('copy.paused')}</span>
        ) : (
          <span className="copy-tag copy-tag-live">{t('copy.copying')}</span>
        )}
      </div>
      <dl className="copy-card-figures">
        <div>
          <dt>{t('copy.amount')}</dt>
          <dd className="num">{follow.amount}</dd>
        </div>
        <div>
          <dt>{t('copy.value')}</dt>
          <dd className="num" data-testid={`copy-value-${follow.id}`}>
            {follow.value}
          </dd>
        </div>
        <div>
          <dt>{t('copy.profit')}</dt>
          <dd>
            <Profit value={Math.round(gain * 100) / 100} />
          </dd>
        </div>
        <div>
          <dt>{t('copy.openCopies')}</dt>
          <dd className="num" data-testid={`copy-count-${follow.id}`}>
            {follow.copies}
          </dd>
        </div>
        {follow.stop_loss > 0 && (
          <div>
            <dt>{t('copy.stopLoss')}</dt>
            <dd className="num">{follow.stop_loss}%</dd>
          </div>
        )}
        {follow.profit_share > 0 && (
          <div>
            <dt>{t('copy.profitShare')}</dt>
            <dd className="num">
              {follow.profit_share}% · {follow.share_paid}
            </dd>
          </div>
        )}
      </dl>
      {running && (
        <div className="copy-card-actions">
          <Button
            size="small"
            loading={change.isPending}
            onClick={() => change.mutate({ followId: follow.id, paused: follow.paused === 0 })}
            data-testid={`copy-pause-${follow.id}`}
          >
            {follow.paused === 1 ? t('copy.resume') : t('copy.pause')}
          </Button>
          <Button size="small" onClick={() => void askAmount()} data-testid={`copy-amount-${follow.id}`}>
            {t('copy.changeAmount')}
          </Button>
          <Button
            size="small"
            color="danger"
            fill="outline"
            loading={stop.isPending}
            onClick={() => void askStop()}
            data-testid={`copy-stop-${follow.id}`}
          >
            {t('copy.stop')}
          </Button>
        </div>
      )}
      <button type="button" className="rank-link-button" onClick={() => setShowSkips(!showSkips)}>
        {t('copy.skipped')}
      </button>
      {showSkips && <Skips followId={follow.id} />}
    </li>
  )
}

/**
 * The copies tab (the documentary): every follow with what its amount is worth now, its open
 * copies, and its actions; a visitor is invited to sign in.
 */
export function MyFollows({ onFind }: { onFind: () => void }) {
  const { t } = useTranslation()
  const token = useSession((state) => state.token)
  const follows = useFollows()
  if (token === null)
    return (
      <p className="rank-card rank-visitor" data-testid="copy-visitor">
        {t('copy.visitorInvite')}{' '}
        <Link to={loginPath('/rank?tab=copies')} className="rank-link-button">
          {t('rank.signIn')}
        </Link>
      </p>
    )
  if (follows.isPending) return <PageLoading />
  if (follows.isError && !follows.data) return <LoadFailed onRetry={() => void follows.refetch()} />
  if (follows.data.data.length === 0)
    return (
      <div className="copy-empty" data-testid="copy-empty">
        <p>{t('copy.empty')}</p>
        <Button color="primary" shape="rounded" onClick={onFind}>
          {t('copy.findTraders')}
        </Button>
      </div>
    )
  return (
    <ul className="copy-list" data-testid="copy-list">
      {follows.data.data.map((follow) => (
        <FollowCard key={follow.id} follow={follow} />
      ))}
    </ul>
  )
}
