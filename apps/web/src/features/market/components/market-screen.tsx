import { useMemo, useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { GlobeIcon, NewsIcon, SearchIcon } from '../../../common/components/icons.tsx'
import { Page } from '../../../common/components/page.tsx'
import { PullToRefresh } from '../../../common/components/pull-to-refresh.tsx'
import { useInstruments } from '../../../common/market/instruments-api.ts'
import { useCategories } from '../api/categories-api.ts'
import { refetchSparklines } from '../api/sparklines-api.ts'
import {
  FAVOURITES,
  filterByCategory,
  parseCategory,
  sortCategories,
  toggleCategory,
  type CategoryChoice,
} from '../lib/category-filter.ts'
import { useFavourites } from '../../../common/market/favourites-store.ts'
import { CategoryChips } from './category-chips.tsx'
import { InstrumentList } from './instrument-list.tsx'
import { useQuickTrade } from '../../../common/trading/quick-trade-host.tsx'
import './market.css'

/** The `/` query parameter that keeps the chosen category across a visit to /trade and back. */
const CATEGORY_PARAM = 'category'

/** Home (/): the instruments with live prices, filtered by category chips, pull to refresh. */
export function MarketScreen() {
  const { t } = useTranslation()
  const [params, setParams] = useSearchParams()
  const active = parseCategory(params.get(CATEGORY_PARAM))
  const instruments = useInstruments()
  const categories = useCategories()
  const all = useMemo(() => instruments.data ?? [], [instruments.data])
  const favourites = useFavourites((state) => state.codes)
  const shown = useMemo(() => filterByCategory(all, active, favourites), [all, active, favourites])
  const quickTrade = useQuickTrade(all)
  const chips = useMemo(() => sortCategories(categories.data ?? []), [categories.data])
  const allIds = useMemo(() => all.map((instrument) => instrument.Id), [all])
  const queryClient = useQueryClient()
  const [refreshFailed, setRefreshFailed] = useState(false)

  function select(tapped: CategoryChoice) {
    const next = toggleCategory(active, tapped)
    setParams(next === null ? {} : { [CATEGORY_PARAM]: String(next) }, { replace: true })
  }

  // The list keeps what it showed when a refresh fails; the pull indicator says that it failed.
  async function refresh() {
    const [list] = await Promise.all([
      instruments.refetch(),
      refetchSparklines(queryClient),
      categories.refetch(),
    ])
    setRefreshFailed(list.isError)
  }

  const actions = (
    <>
      <Link
        to="/language"
        className="nav-icon-button"
        data-testid="market-language"
        aria-label={t('pages.language')}
      >
        <GlobeIcon />
      </Link>
      <Link to="/news" className="nav-icon-button" data-testid="market-news" aria-label={t('market.news')}>
        <NewsIcon />
      </Link>
      <Link
        to="/product"
        className="nav-icon-button"
        data-testid="market-search"
        aria-label={t('market.search')}
      >
        <SearchIcon />
      </Link>
    </>
  )

  return (
    <Page title={t('pages.market')} back={false} accountKind right={actions} className="market-page">
      <CategoryChips categories={chips} active={active} onSelect={select} />
      <PullToRefresh
        onRefresh={refresh}
        pullingText={t('market.pullToRefresh')}
        canReleaseText={t('market.releaseToRefresh')}
        refreshingText={t('market.refreshing')}
        completeText={refreshFailed ? t('market.refreshFailed') : t('market.refreshed')}
      >
        <InstrumentList
          query={instruments}
          instruments={shown}
          sparklineIds={allIds}
          emptyText={
            active === FAVOURITES
              ? t('favourites.empty')
              : active === null
                ? t('market.empty')
                : t('market.emptyCategory')
          }
          quickTrade={quickTrade}
        />
      </PullToRefresh>
      {quickTrade.sheet}
    </Page>
  )
}
