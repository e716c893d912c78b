import type { Period } from '@tp/contracts/light'
import { lazy, Suspense, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Svg } from '../../../common/components/icons.tsx'
import { LoadFailed } from '../../../common/components/load-failed.tsx'
import { LogoImage } from '../../../common/components/logo-image.tsx'
import { MarginCallBanner } from '../../../common/components/margin-call-banner.tsx'
import { RiskWarning } from '../../../common/components/risk-warning.tsx'
import { Page } from '../../../common/components/page.tsx'
import { PageLoading } from '../../../common/components/page-loading.tsx'
import { useInstruments } from '../../../common/market/instruments-api.ts'
import { InstrumentActions } from '../../../common/instrument/instrument-actions.tsx'
import { useCurrentInstrument } from '../hooks/use-current-instrument.ts'
import { DEFAULT_PERIOD } from '../lib/periods.ts'
import { CandleChartView } from './candle-chart-view.tsx'
import { PeriodBar } from './period-bar.tsx'
import { QuotePanel } from './quote-panel.tsx'
import { TradeTicket } from '../ticket/trade-ticket.tsx'
import { useExpiredNotice } from '../../../common/trading/use-expired-notice.ts'
import './trade.css'

/** The title's caret. Kept beside its one user: every icon in common/components/icons.tsx is in the first load. */
const ChevronDownIcon = ({ className }: { className: string }) => (
  <Svg className={className}>
    <path d="M6 9l6 6 6-6" />
  </Svg>
)

const loadDrawer = () => import('./instrument-drawer.tsx')
/** The instrument list (antd-mobile's Popup and SearchBar) is not part of /trade's first load. */
const InstrumentDrawer = lazy(() => loadDrawer().then((module) => ({ default: module.InstrumentDrawer })))

/**
 * /trade: one instrument's live quote and candle chart, with the sell/buy bar always on screen
 * above the tab bar (the chart takes the height in between); the bar opens the order ticket.
 */
export function TradeScreen() {
  const { t } = useTranslation()
  useExpiredNotice()
  const instruments = useInstruments()
  const { instrument, select } = useCurrentInstrument(instruments.data)
  const [period, setPeriod] = useState<Period>(DEFAULT_PERIOD)
  const [drawerOpen, setDrawerOpen] = useState(false)
  // Mounted from its first opening on (so that it slides away when closed), fetched once idle.
  const [drawerUsed, setDrawerUsed] = useState(false)
  useEffect(() => {
    const timer = window.setTimeout(() => void loadDrawer().catch(() => undefined), 2000)
    return () => window.clearTimeout(timer)
  }, [])

  const title = (
    <button
      type="button"
      className="trade-title-button"
      data-testid="trade-drawer-open"
      aria-haspopup="dialog"
      aria-label={t('trade.selectInstrument')}
      onClick={() => {
        setDrawerUsed(true)
        setDrawerOpen(true)
      }}
    >
      {instrument ? (
        <>
          <LogoImage src={instrument.Logo} name={instrument.ShowCode} size={24} />
          <bdi>{instrument.ShowCode}</bdi>
        </>
      ) : (
        t('pages.trade')
      )}
      <ChevronDownIcon className="trade-title-caret" />
    </button>
  )

  let body
  if (instruments.isPending) body = <PageLoading />
  else if (instruments.isError && !instruments.data)
    body = <LoadFailed onRetry={() => void instruments.refetch()} />
  else if (!instrument) body = <p className="list-empty">{t('trade.noInstrumentsYet')}</p>
  else {
    body = (
      <>
        <div className="trade-main">
          <QuotePanel instrument={instrument} />
          <PeriodBar value={period} onChange={setPeriod} />
          <CandleChartView key={instrument.Id} instrument={instrument} period={period} />
        </div>
        <TradeTicket key={instrument.Id} instrument={instrument} instruments={instruments.data ?? []} />
      </>
    )
  }

  return (
    <Page
      title={title}
      back={false}
      accountKind
      right={instrument && <InstrumentActions instrument={instrument} />}
      className="trade-page"
    >
      <MarginCallBanner />
      <RiskWarning />
      {body}
      {drawerUsed && (
        <Suspense fallback={null}>
          <InstrumentDrawer
            open={drawerOpen}
            onClose={() => setDrawerOpen(false)}
            query={instruments}
            currentId={instrument?.Id}
            onSelect={select}
          />
        </Suspense>
      )}
    </Page>
  )
}
