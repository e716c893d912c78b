import type { RankDetail, RankEntry } from '@tp/contracts/light'
import { Button, Popup } from 'antd-mobile'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useShowCode } from '../../../common/market/instruments-api.ts'
import { LoadFailed } from '../../../common/components/load-failed.tsx'
import { PageLoading } from '../../../common/components/page-loading.tsx'
import { useTraderDetail } from '../hooks/use-rank.ts'
import { EquityChart } from './equity-chart.tsx'
import { DemoTag, Figure, Multiple, Plain, Profit, Rate, Share } from './rank-figures.tsx'

interface Props {
  entry: RankEntry | null
  onClose: () => void
  /** The profile's Follow: the follow sheet for this trader (a visitor signs in first). */
  onFollow: (entry: RankEntry) => void
}

function ProfileBody({ detail, onFollow }: { detail: RankDetail; onFollow: () => void }) {
  const { t } = useTranslation()
  const showCode = useShowCode()
  return (
    <>
      {detail.is_demo === 1 && <p className="rank-demo-note">{t('rank.demoNotice')}</p>}
      <dl className="rank-figures rank-profile-figures" data-testid="rank-profile-figures">
        <Figure label={t('rank.threeWeekReturn')} testId="profile-rate">
          <Rate value={detail.three_week_rate} />
        </Figure>
        <Figure label={t('rank.totalReturn')}>
          <Rate value={detail.total_rate} />
        </Figure>
        <Figure label={t('rank.winRate')}>
          <Share value={detail.three_week_win} />
        </Figure>
        <Figure label={t('rank.threeWeekProfit')} testId="profile-profit">
          <Profit value={detail.three_week_profit} />
        </Figure>
        <Figure label={t('rank.totalTrades')}>
          <Plain>{detail.total_trade_num}</Plain>
        </Figure>
        <Figure label={t('rank.leverage')}>
          <Multiple value={detail.multiple} />
        </Figure>
        <Figure label={t('rank.instrument')}>
          <Plain>{showCode(detail.code)}</Plain>
        </Figure>
        <Figure label={t('rank.varieties')}>
          <Plain>{detail.varieties}</Plain>
        </Figure>
        <Figure label={t('rank.followers')}>
          <Plain>{detail.followers}</Plain>
        </Figure>
        <Figure label={t('rank.allocated')}>
          <Plain>{detail.allocated}</Plain>
        </Figure>
        <Figure label={t('rank.riskScore')} testId="profile-risk">
          <Plain>{`${detail.risk_score}/10`}</Plain>
        </Figure>
        <Figure label={t('rank.maxDrawdown')}>
          <Share value={detail.max_drawdown} />
        </Figure>
        <Figure label={t('rank.profitShare')}>
          <Share value={detail.profit_share} />
        </Figure>
      </dl>
      <h3 className="rank-section-title">{t('rank.equityCurve')}</h3>
      <EquityChart points={detail.equity} />
      <h3 className="rank-section-title">{t('rank.byInstrument')}</h3>
      {detail.by_instrument.length === 0 ? (
        <p className="rank-muted">{t('rank.noTrades')}</p>
      ) : (
        <table className="rank-instruments" data-testid="rank-instruments">
          <thead>
            <tr>
              <th>{t('rank.instrumentColumn')}</th>
              <th>{t('rank.tradesColumn')}</th>
              <th>{t('rank.profitColumn')}</th>
            </tr>
          </thead>
          <tbody>
            {detail.by_instrument.map((row) => (
              <tr key={row.code}>
                <td>
                  <Plain>{showCode(row.code)}</Plain>
                </td>
                <td>
                  <Plain>{row.trades}</Plain>
                </td>
                <td>
                  <Profit value={row.profit} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className="rank-muted rank-window-note">{t('rank.windowNote')}</p>
      {detail.copy_open === 1 ? (
        <Button block color="primary" shape="rounded" onClick={onFollow} data-testid="rank-follow">
          {t('rank.follow')}
        </Button>
      ) : (
        <p className="rank-muted" data-testid="rank-not-copyable">
          {t('rank.notCopyable')}
        </p>
      )}
    </>
  )
}

/** A trader's profile as a bottom sheet over the ranking (no route of its own). */
export function TraderSheet({ entry, onClose, onFollow }: Props) {
  const { t } = useTranslation()
  // The last trader shown stays in the sheet while it slides away.
  const [shown, setShown] = useState(entry)
  if (entry !== null && entry !== shown) setShown(entry)
  const detail = useTraderDetail(entry?.id ?? null)
  let body
  if (detail.isPending) body = <PageLoading />
  else if (detail.isError) body = <LoadFailed onRetry={() => void detail.refetch()} />
  else body = <ProfileBody detail={detail.data} onFollow={() => entry && onFollow(entry)} />
  return (
    <Popup
      visible={entry !== null}
      onMaskClick={onClose}
      onClose={onClose}
      showCloseButton
      bodyClassName="rank-profile-popup"
      destroyOnClose
    >
      <div className="rank-profile" data-testid="rank-profile">
        <h2 className="rank-profile-title">
          <span className="visually-hidden">{t('rank.profileTitle')}: </span>
          <bdi>{shown?.user}</bdi>
          {shown?.is_demo === 1 && <DemoTag label={t('rank.demoTag')} />}
        </h2>
        {entry !== null && body}
      </div>
    </Popup>
  )
}
