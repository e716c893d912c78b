import type { Instrument } from '@tp/contracts/light'
import type { UseQueryResult } from '@tanstack/react-query'
import { useDeferredValue, useId, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { LoadFailed } from '../../../common/components/load-failed.tsx'
import { PageLoading } from '../../../common/components/page-loading.tsx'
import { useAfterPaint } from '../../../common/lib/use-after-paint.ts'
import { instrumentQuote, newerQuote } from '../../../common/market/quote.ts'
import { useLiveQuotes } from '../../../common/market/use-live-quotes.ts'
import { useSparklines } from '../api/sparklines-api.ts'
import { MarketRow } from './market-row.tsx'

interface Props {
  query: UseQueryResult<Instrument[]>
  /** The rows to show: the query's list, maybe filtered. */
  instruments: readonly Instrument[]
  /** The instruments whose small charts are fetched (all of a screen's, so a filter needs no new call). */
  sparklineIds: readonly number[]
  emptyText: string
  /** Quick buy/sell for a row that is long-pressed (useQuickTrade); without it, rows are plain links. */
  quickTrade?: { open: (instrument: Instrument) => void; prepare: () => unknown }
}

const NO_ROWS: readonly Instrument[] = []

/** Market rows with live prices, or the list's loading, error (with retry) or empty state. */
export function InstrumentList({ query, instruments, sparklineIds, emptyText, quickTrade }: Props) {
  const { t } = useTranslation()
  // The rows are drawn in a transition, which React cuts into slices between which the phone stays
  // responsive: dozens of rows with their small charts are otherwise one long task on a slow phone,
  // right when the first screen appears. Until then (a frame or two) the list shows as loading.
  const rows = useDeferredValue(instruments, NO_ROWS)
  const hintId = useId()
  // Logos and small charts once the rows have painted: the prices come first on a slow line.
  const decorated = useAfterPaint(rows.length > 0)
  const sparklines = useSparklines(sparklineIds, decorated).data
  const live = useLiveQuotes()
  // One quote object per instrument until the list changes, so rows without live ticks keep their props.
  const listed = useMemo(
    () => new Map(instruments.map((instrument) => [instrument.Id, instrumentQuote(instrument)])),
    [instruments],
  )
  const closes = useMemo(() => {
    const byId = new Map<number, number[]>()
    for (const [id, candles] of Object.entries(sparklines ?? {})) {
      byId.set(
        Number(id),
        candles.map((candle) => candle.Close),
      )
    }
    return byId
  }, [sparklines])

  if (query.isPending || (rows.length === 0 && instruments.length > 0)) return <PageLoading />
  if (query.isError && !query.data) return <LoadFailed onRetry={() => void query.refetch()} />
  if (instruments.length === 0) {
    return (
      <p className="list-empty" role="status">
        {emptyText}
      </p>
    )
  }
  return (
    // A press on any row starts loading the quick-trade sheet, in case it becomes a long-press.
    <div className="market-list" onPointerDown={quickTrade && (() => void quickTrade.prepare())}>
      {quickTrade && (
        <span id={hintId} className="visually-hidden">
          {t('favourites.quickTradeHint')}
        </span>
      )}
      {rows.map((instrument) => (
        <MarketRow
          key={instrument.Id}
          instrument={instrument}
          quote={newerQuote(
            listed.get(instrument.Id) ?? instrumentQuote(instrument),
            live.get(instrument.Code),
          )}
          closes={closes.get(instrument.Id)}
          decorated={decorated}
          onQuickTrade={quickTrade?.open}
          quickTradeHintId={hintId}
        />
      ))}
    </div>
  )
}
