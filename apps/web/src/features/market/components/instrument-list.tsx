import type { Candle, Instrument } from '@tp/contracts'
import type { UseQueryResult } from '@tanstack/react-query'
import { useMemo } from 'react'
import { LoadFailed } from '../../../shared/components/load-failed.tsx'
import { PageLoading } from '../../../shared/components/page-loading.tsx'
import { instrumentQuote, newerQuote } from '../../../shared/market/quote.ts'
import { useLiveQuotes } from '../../../shared/market/use-live-quotes.ts'
import { MarketRow } from './market-row.tsx'

interface Props {
  query: UseQueryResult<Instrument[]>
  /** The rows to show: the query's list, maybe filtered. */
  instruments: readonly Instrument[]
  sparklines: Record<string, Candle[]> | undefined
  emptyText: string
}

/** Market rows with live prices, or the list's loading, error (with retry) or empty state. */
export function InstrumentList({ query, instruments, sparklines, emptyText }: Props) {
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

  if (query.isPending) return <PageLoading />
  if (query.isError && !query.data) return <LoadFailed onRetry={() => void query.refetch()} />
  if (instruments.length === 0) {
    return (
      <p className="list-empty" role="status">
        {emptyText}
      </p>
    )
  }
  return (
    <div className="market-list">
      {instruments.map((instrument) => (
        <MarketRow
          key={instrument.Id}
          instrument={instrument}
          quote={newerQuote(
            listed.get(instrument.Id) ?? instrumentQuote(instrument),
            live.get(instrument.Code),
          )}
          closes={closes.get(instrument.Id)}
        />
      ))}
    </div>
  )
}
