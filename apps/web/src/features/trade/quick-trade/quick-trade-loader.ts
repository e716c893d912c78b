import { loadMessagePart } from '../../../common/i18n/i18n.ts'

/**
 * The quick-trade sheet's module and its texts (the trading part). A module of its own, so that
 * the long list of chunks the sheet needs (antd-mobile's Popup, the order form's parts) is named
 * here, not in `/`'s first load.
 */
export const loadQuickTradeSheet = () =>
  Promise.all([import('./quick-trade-sheet.tsx'), loadMessagePart('trading')]).then(([module]) => ({
    default: module.QuickTradeSheet,
  }))
