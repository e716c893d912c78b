import { CATALOGUE_MESSAGE } from '@tp/contracts'
import { loadInstruments } from '../../market/catalogue.ts'
import type { CatalogueListeners } from '../../staff/catalogue/instrument-admin.ts'
import type { RouteDeps } from '../route-deps.ts'

/**
 * What hears of a committed catalogue change: the desk (reloaded by the change), the market (new
 * definitions, quotes and candles kept) and every socket (`CATALOGUE`: clients load `trade_list`
 * again, so an order form shows new leverage options without a reload), and, for a client moved
 * between groups, the hedger.
 */
export function catalogueListeners(
  deps: Pick<RouteDeps, 'db' | 'desk' | 'market' | 'topics' | 'clock' | 'hedger'>,
): CatalogueListeners {
  const { db, desk, market, topics, clock } = deps
  return {
    desk,
    clientMoved: async (userId) => deps.hedger?.rulesChanged(userId),
    async changed() {
      market.replaceDefinitions(await loadInstruments(db, true), clock().getTime())
      topics.broadcast(CATALOGUE_MESSAGE.type, CATALOGUE_MESSAGE)
    },
  }
}
