import type { Instrument } from '@tp/contracts/light'
import { useCallback, useEffect } from 'react'
import { useSearchParams } from 'react-router'
import { readStorage, StorageKey, writeStorage } from '../../../common/lib/storage.ts'
import { TRADE_INSTRUMENT_PARAM } from '../../../common/market/trade-link.ts'

/**
 * The instrument /trade shows: the one named by `?id=`, else the one shown last (so the Trade tab
 * reopens it), else the first of the list. Choosing another one replaces `?id=`.
 */
export function useCurrentInstrument(instruments: readonly Instrument[] | undefined) {
  const [params, setParams] = useSearchParams()
  const requested = Number(params.get(TRADE_INSTRUMENT_PARAM) ?? readStorage(StorageKey.CURRENT_INSTRUMENT))
  const instrument = instruments?.find((item) => item.Id === requested) ?? instruments?.[0]
  const id = instrument?.Id

  useEffect(() => {
    if (id !== undefined) writeStorage(StorageKey.CURRENT_INSTRUMENT, String(id))
  }, [id])

  const select = useCallback(
    (next: number) => setParams({ [TRADE_INSTRUMENT_PARAM]: String(next) }, { replace: true }),
    [setParams],
  )

  return { instrument, select }
}
