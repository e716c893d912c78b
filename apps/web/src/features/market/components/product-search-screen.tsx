import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { MAIN_MODE, useCompanyStatus } from '../../../common/api/company-status.ts'
import { SearchIcon } from '../../../common/components/icons.tsx'
import { Page } from '../../../common/components/page.tsx'
import { useDebouncedValue } from '../../../common/hooks/use-debounced-value.ts'
import { useInstruments } from '../../../common/market/instruments-api.ts'
import { matchesInstrument } from '../../../common/market/instrument-search.ts'
import { useCompanySearch } from '../api/company-search-api.ts'
import { CompanyResults } from './company-results.tsx'
import { InstrumentList } from './instrument-list.tsx'
import { useQuickTrade } from '../../../common/trading/quick-trade-host.tsx'
import './market.css'

/** Typing waits this long before searching, so a word costs one call rather than one per letter. */
const SEARCH_DEBOUNCE_MS = 300
/** The server's limit for `searchCurrency` (contracts' `tradeListRequest`). */
const MAX_SEARCH_LENGTH = 32

/** /product: search instruments by code or name; in main mode, partner companies instead (docs/product.md "What it is"). */
export function ProductSearchScreen() {
  const { t } = useTranslation()
  const [text, setText] = useState('')
  const term = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS)
  // The whole list (usually cached from /), searched here: the name in the user's language is
  // matched too, which the server's search (English code and name) cannot do.
  const instruments = useInstruments()
  const all = useMemo(() => instruments.data ?? [], [instruments.data])
  const results = useMemo(() => all.filter((instrument) => matchesInstrument(instrument, term)), [all, term])
  const quickTrade = useQuickTrade(all)
  const resultIds = useMemo(() => results.map((instrument) => instrument.Id), [results])
  const mainMode = useCompanyStatus().data?.type === MAIN_MODE
  const companies = useCompanySearch(term, mainMode)

  return (
    <Page title={t('pages.product')} className="market-page product-page">
      <label className="search-box">
        <SearchIcon className="search-box-icon" />
        <span className="visually-hidden">{t('market.searchLabel')}</span>
        <input
          className="search-box-input"
          data-testid="product-search-input"
          type="search"
          inputMode="search"
          enterKeyHint="search"
          autoComplete="off"
          autoCapitalize={mainMode ? 'words' : 'characters'}
          autoCorrect="off"
          spellCheck={false}
          maxLength={MAX_SEARCH_LENGTH}
          placeholder={mainMode ? t('company.searchPlaceholder') : t('market.searchPlaceholder')}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </label>
      {/* docs/product.md "What it is": in main mode the search lists partner companies instead of instruments. */}
      {mainMode ? (
        <CompanyResults query={companies} />
      ) : (
        <section className="search-section">
          <InstrumentList
            query={instruments}
            instruments={results}
            sparklineIds={resultIds}
            emptyText={term ? t('market.noResults') : t('market.empty')}
            quickTrade={quickTrade}
          />
          {quickTrade.sheet}
        </section>
      )}
    </Page>
  )
}
