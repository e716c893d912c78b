import type { RankEntry } from '@tp/contracts/light'
import { useTranslation } from 'react-i18next'
import { useShowCode } from '../../../common/market/instruments-api.ts'
import { DemoTag, Figure, Multiple, Plain, Profit, Rate, Share } from './rank-figures.tsx'

interface Props {
  entry: RankEntry
  place: number
  onOpen: (entry: RankEntry) => void
}

/** One trader of the ranking; tapping opens the profile. */
export function RankRow({ entry, place, onOpen }: Props) {
  const { t } = useTranslation()
  const showCode = useShowCode()
  return (
    <li className="rank-row" data-testid="rank-row" data-uid={entry.id}>
      <button type="button" className="rank-row-button" onClick={() => onOpen(entry)}>
        <div className="rank-row-head">
          <span className={`rank-place num${place <= 3 ? ` rank-place-${place}` : ''}`}>{place}</span>
          <span className="rank-name-block">
            <bdi className="rank-name" data-testid="rank-name">
              {entry.user}
            </bdi>
            {entry.is_demo === 1 && <DemoTag label={t('rank.demoTag')} />}
          </span>
          <span className="rank-return">
            <Rate value={entry.three_week_rate} className="rank-return-value" />
            <span className="rank-return-label">{t('rank.threeWeekReturn')}</span>
          </span>
        </div>
        <dl className="rank-figures">
          <Figure label={t('rank.winRate')} testId="rank-win">
            <Share value={entry.three_week_win} />
          </Figure>
          <Figure label={t('rank.threeWeekProfit')} testId="rank-profit">
            <Profit value={entry.three_week_profit} />
          </Figure>
          <Figure label={t('rank.totalTrades')} testId="rank-trades">
            <Plain>{entry.total_trade_num}</Plain>
          </Figure>
          <Figure label={t('rank.leverage')} testId="rank-multiple">
            <Multiple value={entry.multiple} />
          </Figure>
          <Figure label={t('rank.instrument')} testId="rank-code">
            <Plain>{showCode(entry.code)}</Plain>
          </Figure>
          <Figure label={t('rank.followers')}>
            <Plain>{entry.followers}</Plain>
          </Figure>
        </dl>
      </button>
    </li>
  )
}
