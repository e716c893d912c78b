import { MarketStatus, type Instrument } from '@tp/contracts/light'
import type { UseQueryResult } from '@tanstack/react-query'
import { Popup, SearchBar } from 'antd-mobile'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { LoadFailed } from '../../../common/components/load-failed.tsx'
import { LogoImage } from '../../../common/components/logo-image.tsx'
import { PageLoading } from '../../../common/components/page-loading.tsx'
import { PriceChange } from '../../../common/components/price-change.tsx'
import { formatPrice } from '../../../common/market/format.ts'
import { instrumentName } from '../../../common/market/instrument-name.ts'
import { currentQuote } from '../../../common/market/quote.ts'
import { useLiveQuotes } from '../../../common/market/use-live-quotes.ts'
import { FavouriteStar } from '../../../common/instrument/favourite-star.tsx'
import { formatLocale } from '../../../common/lib/locale.ts'
import { openingTime } from '../../../common/market/opening-text.ts'
import { matchesInstrument } from '../../../common/market/instrument-search.ts'

interface Props {
  open: boolean
  onClose: () => void
  query: UseQueryResult<Instrument[]>
  currentId: number | undefined
  onSelect: (id: number) => void
}

function DrawerRows({
  instruments,
  currentId,
  onSelect,
}: {
  instruments: readonly Instrument[]
  currentId: number | undefined
  onSelect: (id: number) => void
}) {
  const { t } = useTranslation()
  const live = useLiveQuotes()
  const locale = formatLocale()
  const now = Date.now()
  return (
    <ul className="drawer-list">
      {instruments.map((instrument) => {
        const quote = currentQuote(instrument, live.get(instrument.Code))
        const closed = instrument.MarketStatus === MarketStatus.Closed
        const opens = closed ? openingTime(instrument, now, locale) : null
        return (
          <li key={instrument.Id} className="drawer-item">
            <button
              type="button"
              className="drawer-row"
              aria-current={instrument.Id === currentId || undefined}
              data-testid={`drawer-item-${instrument.Code}`}
              onClick={() => onSelect(instrument.Id)}
            >
              <LogoImage src={instrument.Logo} name={instrument.ShowCode} size={28} />
              <span className="drawer-row-name">
                <bdi>{instrument.ShowCode}</bdi>
                <bdi className="drawer-row-sub">{instrumentName(instrument)}</bdi>
              </span>
              <span className="drawer-row-quote">
                <span className="num">{formatPrice(quote.last, instrument.PricePrecision)}</span>
                {opens ? (
                  <span className="drawer-row-opens">{t('favourites.opens', { time: opens })}</span>
                ) : closed ? (
                  <span className="drawer-row-opens">{t('market.closed')}</span>
                ) : (
                  <PriceChange change={quote.change} />
                )}
              </span>
            </button>
            <FavouriteStar code={instrument.Code} showCode={instrument.ShowCode} />
          </li>
        )
      })}
    </ul>
  )
}

/** The side drawer that switches the instrument (docs/product.md "Screens": instrument picker, left drawer). */
export function InstrumentDrawer({ open, onClose, query, currentId, onSelect }: Props) {
  const { t } = useTranslation()
  const [text, setText] = useState('')
  const rows = useMemo(
    () => (query.data ?? []).filter((instrument) => matchesInstrument(instrument, text)),
    [query.data, text],
  )
  // The drawer opens from the side where lines start: the left, or the right in Arabic and Persian.
  const side = document.documentElement.dir === 'rtl' ? 'right' : 'left'

  let content
  if (query.isPending) content = <PageLoading />
  else if (query.isError && !query.data) content = <LoadFailed onRetry={() => void query.refetch()} />
  else if (rows.length === 0) content = <p className="list-empty">{t('trade.noInstruments')}</p>
  else {
    content = (
      <DrawerRows
        instruments={rows}
        currentId={currentId}
        onSelect={(id) => {
          onSelect(id)
          onClose()
        }}
      />
    )
  }

  return (
    <Popup
      visible={open}
      position={side}
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName="instrument-drawer"
      destroyOnClose
    >
      <div className="drawer-header">
        <h2 className="drawer-title">{t('trade.selectInstrument')}</h2>
        <SearchBar placeholder={t('trade.searchInstrument')} value={text} onChange={setText} />
      </div>
      <div className="drawer-body">{content}</div>
    </Popup>
  )
}
