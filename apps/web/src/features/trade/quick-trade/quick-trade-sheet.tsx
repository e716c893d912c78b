import { MarketStatus, Side, type SideValue } from '@tp/contracts/light'
import { Popup } from 'antd-mobile'
import { lazy, Suspense, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { RiskWarning } from '../../../common/components/risk-warning.tsx'
import { formatAmount } from '../../../common/lib/money.ts'
import { currentPath, loginPath } from '../../../common/lib/navigation.ts'
import { toastInfo } from '../../../common/lib/toast.ts'
import { formatPrice } from '../../../common/market/format.ts'
import { useSession } from '../../../common/session/session-store.ts'
import type { QuickTradeSheetProps } from '../../../common/trading/quick-trade-host.tsx'
import { LotsStepper } from '../../../common/trading/lots-stepper.tsx'
import { OrderSuccess, type PlacedOrder } from '../components/order-success.tsx'
import { usePricedQuote } from '../../../common/market/use-priced-quote.ts'
import { defaultLots, lotRules, parseLots } from '../../../common/trading/lots.ts'
import { checkOrder, marketDraft } from '../lib/order-check.ts'
import { estimateMargin } from '../../../common/trading/order-estimate.ts'
import { leverageFor, useAccountLeverage } from '../../../common/trading/account-leverage.ts'
import { placeOrder } from '../ticket/place-order.ts'
import { lastTermsFor } from '../ticket/lib/one-tap.ts'
import { readLastUsed } from '../ticket/ticket-settings.ts'
import { formatLocale } from '../../../common/lib/locale.ts'
import { openingTime } from '../../../common/market/opening-text.ts'
import { InfoIcon } from '../../../common/instrument/info-icon.tsx'
import '../components/order-form.css'
import { SheetHead } from '../../../common/instrument/sheet-head.tsx'
import '../../../common/instrument/spec-sheet.css'
import './quick-trade.css'

const SpecSheet = lazy(() =>
  import('../../../common/instrument/spec-sheet.tsx').then((module) => ({ default: module.SpecSheet })),
)

/**
 * Quick buy/sell from a long-press on a quotes row (issue 12): live bid and ask, lots (the
 * minimum first), leverage (the account's, common/trading/account-leverage.ts), and SELL and BUY buttons that place a market order
 * at once at the price on the button, through the order form's checks, submit call and requote
 * dialog. Visitors are sent to sign in.
 */
export function QuickTradeSheet({ instrument, instruments, open, onClose }: QuickTradeSheetProps) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const signedIn = useSession((state) => state.token !== null)
  const rules = lotRules(instrument)
  const [lotsState, setLots] = useState({ id: instrument.Id, text: defaultLots(rules) })
  const accountLeverage = useAccountLeverage((state) => state.value)
  const setLeverage = useAccountLeverage((state) => state.set)
  const [busy, setBusy] = useState<SideValue | null>(null)
  const [placed, setPlaced] = useState<PlacedOrder | null>(null)
  const [specOpen, setSpecOpen] = useState<boolean | null>(null)

  // Another instrument long-pressed: its own minimum lots.
  const lotsText = lotsState.id === instrument.Id ? lotsState.text : defaultLots(rules)
  const options = instrument.HasForexMultiple.map((option) => option.Value)
  // The account leverage as this instrument allows it; a choice here is the account's new one.
  const leverage = leverageFor(options, accountLeverage)
  const { quote, usdRate } = usePricedQuote(instrument, instruments)
  const precision = instrument.PricePrecision
  const closed = instrument.MarketStatus === MarketStatus.Closed
  const opens = closed ? openingTime(instrument, Date.now(), formatLocale()) : null
  const margin = estimateMargin(instrument, parseLots(lotsText) ?? 0, quote.ask, leverage, usdRate)

  async function trade(side: SideValue) {
    if (!signedIn) {
      onClose()
      return navigate(loginPath(currentPath()))
    }
    if (closed || busy !== null) return
    // The deviation the user last allowed on this instrument (in the ticket), else the default.
    const { deviationText } = lastTermsFor(readLastUsed(), instrument)
    const checked = checkOrder(marketDraft(side, lotsText, leverage, deviationText), instrument, quote)
    if (!checked.ok) return toastInfo(t(checked.problem.key, checked.problem.values))
    setBusy(side)
    try {
      const order = await placeOrder(checked.value, instrument)
      // Null: the user declined a new price; the sheet stays to try again.
      if (!order) return
      onClose()
      setPlaced(order)
    } catch {
      // Refused (not enough margin, market just closed): the API client has shown the server's message.
    } finally {
      setBusy(null)
    }
  }

  const sideButton = (side: SideValue) => {
    const buy = side === Side.Buy
    return (
      <button
        type="button"
        className={`quick-side quick-side-${buy ? 'buy' : 'sell'}`}
        data-testid={buy ? 'quick-buy' : 'quick-sell'}
        disabled={closed || busy !== null}
        aria-busy={busy === side}
        onClick={() => void trade(side)}
      >
        <span className="quick-side-name">{buy ? t('quickTrade.buy') : t('quickTrade.sell')}</span>
        <span className="quick-side-price num" data-testid={buy ? 'quick-ask' : 'quick-bid'}>
          {formatPrice(buy ? quote.ask : quote.bid, precision)}
        </span>
      </button>
    )
  }

  return (
    <>
      <Popup visible={open} onMaskClick={onClose} onClose={onClose} bodyClassName="quick-trade-sheet">
        <section
          aria-label={t('quickTrade.title', { code: instrument.ShowCode })}
          data-testid="quick-trade"
          role="dialog"
          aria-modal="true"
        >
          <SheetHead instrument={instrument} onClose={onClose}>
            <button
              type="button"
              className="sheet-icon-button"
              aria-haspopup="dialog"
              aria-label={t('spec.open', { code: instrument.ShowCode })}
              data-testid="quick-spec"
              onClick={() => setSpecOpen(true)}
            >
              <InfoIcon />
            </button>
          </SheetHead>

          {closed && (
            <p className="quick-closed" role="status">
              {opens ? t('spec.closedOpens', { time: opens }) : t('spec.closed')}
            </p>
          )}
          {!signedIn && <p className="quick-note">{t('quickTrade.signInFirst')}</p>}

          <div className="quick-fields">
            <LotsStepper
              value={lotsText}
              onChange={(text) => setLots({ id: instrument.Id, text })}
              rules={rules}
            />
            <div className="order-field">
              <span className="order-field-label" id="quick-leverage-label">
                {t('quickTrade.leverage')}
              </span>
              {options.length === 0 ? (
                <p className="quick-note">{t('orderForm.noMultiples')}</p>
              ) : (
                <div className="quick-leverages" role="radiogroup" aria-labelledby="quick-leverage-label">
                  {options.map((option) => (
                    <button
                      key={option}
                      type="button"
                      role="radio"
                      aria-checked={option === leverage}
                      className="quick-leverage num"
                      data-testid={`quick-leverage-${option}`}
                      onClick={() => setLeverage(option)}
                    >
                      {option}x
                    </button>
                  ))}
                </div>
              )}
            </div>
          </div>

          <p className="quick-margin">
            <span>{t('quickTrade.margin')}</span>
            <span className="num" data-testid="quick-margin">
              {margin === null ? '--' : `${formatAmount(margin.toFixed(2), 2)} USD`}
            </span>
          </p>

          <div className="quick-sides">
            {sideButton(Side.Sell)}
            {sideButton(Side.Buy)}
          </div>
          <RiskWarning />
        </section>
      </Popup>
      {specOpen !== null && (
        <Suspense fallback={null}>
          <SpecSheet instrument={instrument} open={specOpen} onClose={() => setSpecOpen(false)} />
        </Suspense>
      )}
      <OrderSuccess placed={placed} onClose={() => setPlaced(null)} />
    </>
  )
}
