import { Input, Switch } from 'antd-mobile'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLeaderSettings, useSaveLeaderSettings } from '../hooks/use-copy.ts'

/**
 * The client as a leader: open to followers or not, and its profit share (a real account's only;
 * the server keeps it within the house's most). Shown with the ranking choice it needs.
 */
export function LeaderCard({ demo }: { demo: boolean }) {
  const { t } = useTranslation()
  const settings = useLeaderSettings()
  const save = useSaveLeaderSettings()
  const [share, setShare] = useState<string | null>(null)
  const current = settings.data
  if (!current) return null
  const typedShare = share ?? String(current.profit_share)
  const shareNumber = () => (/^\d{1,3}$/.test(typedShare) ? Number(typedShare) : current.profit_share)

  return (
    <div className="rank-card-leader" data-testid="copy-leader-card">
      <div className="rank-card-row">
        <div className="rank-card-text">
          <div className="rank-card-title">{t('copy.leaderTitle')}</div>
          <div className="rank-muted">{t('copy.leaderHint')}</div>
        </div>
        <Switch
          checked={current.open === 1}
          loading={save.isPending}
          onChange={(open) => save.mutate({ open, share: demo ? 0 : shareNumber() })}
          data-testid="copy-leader-switch"
        />
      </div>
      {!demo && (
        <div className="rank-card-row">
          <span className="rank-muted">{t('copy.leaderShare')}</span>
          <Input
            className="copy-share-input"
            data-testid="copy-leader-share"
            inputMode="numeric"
            value={typedShare}
            onChange={setShare}
            onBlur={() => {
              if (shareNumber() !== current.profit_share)
                save.mutate(
                  { open: current.open === 1, share: shareNumber() },
                  { onSettled: () => setShare(null) },
                )
            }}
          />
        </div>
      )}
      {!demo && <p className="rank-muted">{t('copy.leaderShareHint', { max: current.max_profit_share })}</p>}
      <p className="rank-muted" data-testid="copy-leader-followers">
        {t('copy.leaderFollowers', { count: current.followers, amount: current.allocated })}
      </p>
    </div>
  )
}
