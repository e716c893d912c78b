import type { Period } from '@tp/contracts'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ChevronDownIcon } from '../../../shared/components/icons.tsx'
import { LoadFailed } from '../../../shared/components/load-failed.tsx'
import { LogoImage } from '../../../shared/components/logo-image.tsx'
import { MarginCallBanner } from '../../../shared/components/margin-call-banner.tsx'
import { Page } from '../../../shared/components/page.tsx'
import { PageLoading } from '../../../shared/components/page-loading.tsx'
import { useInstruments } from '../../../shared/market/instruments-api.ts'
import { useCurrentInstrument } from '../hooks/use-current-instrument.ts'
import { DEFAULT_PERIOD } from '../lib/periods.ts'
import { CandleChartView } from './candle-chart-view.tsx'
import { InstrumentDrawer } from './instrument-drawer.tsx'
import { OrderForm } from './order-form.tsx'
import { PeriodBar } from './period-bar.tsx'
import { QuotePanel } from './quote-panel.tsx'
import './trade.css'

/** /trade: one instrument's live quote, candle chart and order form. */
export function TradeScreen() {
  const { t } = useTranslation()
  const instruments = useInstruments()
  const { instrument, select } = useCurrentInstrument(instruments.data)
  const [period, setPeriod] = useState<Period>(DEFAULT_PERIOD)
  const [drawerOpen, setDrawerOpen] = useState(false)

  const title = (
    <button
      type="button"
      className="trade-title-button"
      data-testid="trade-drawer-open"
      aria-haspopup="dialog"
      aria-label={t('trade.selectInstrument')}
      onClick={() => setDrawerOpen(true)}
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
        <QuotePanel instrument={instrument} />
        <PeriodBar value={period} onChange={setPeriod} />
        <CandleChartView key={instrument.Id} instrument={instrument} period={period} />
        <OrderForm key={instrument.Id} instrument={instrument} instruments={instruments.data ?? []} />
      </>
    )
  }

  return (
    <Page title={title} back={false} className="trade-page">
      <MarginCallBanner />
      {body}
      <InstrumentDrawer
        open={drawerOpen}
        onClose={() => setDrawerOpen(false)}
        query={instruments}
        currentId={instrument?.Id}
        onSelect={select}
      />
    </Page>
  )
}
