import { MarketStatus, Side, pendingTypeOf, type Instrument, type SideValue } from '@tp/contracts/light'
import { useQuery } from '@tanstack/react-query'
import { useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useBasicInfo } from '../../../common/api/basic-info.ts'
import { formatAmount } from '../../../common/lib/money.ts'
import { toastInfo } from '../../../common/lib/toast.ts'
import { formatPrice } from '../../../common/market/format.ts'
import { useSession } from '../../../common/session/session-store.ts'
import { checkStop, exitPrice, levelValues } from '../../../common/trading/stops.ts'
import { fetchBalance } from '../api/order-api.ts'
import { usePricedQuote } from '../../../common/market/use-priced-quote.ts'
import { checkOrder, entryPrice, type OrderKind } from '../lib/order-check.ts'
import { estimateFee } from '../../../common/trading/fee-estimate.ts'
import { estimateMargin } from '../../../common/trading/order-estimate.ts'
import { lotRules, parseLots } from '../../../common/trading/lots.ts'
import { lastTermsFor } from '../ticket/lib/one-tap.ts'
import { sideKey } from '../../../common/trading/side-name.ts'
import { leverageFor, useAccountLeverage } from '../../../common/trading/account-leverage.ts'
import {
  previewStop,
  toOrderDraft,
  withStopUnit,
  type StopUnit,
  type TicketDraft,
} from '../ticket/lib/ticket-draft.ts'
import { DeviationField } from '../ticket/deviation-field.tsx'
import { OneTapSwitch } from '../ticket/one-tap-switch.tsx'
import { placeOrder } from '../ticket/place-order.ts'
import { readLastUsed } from '../ticket/ticket-settings.ts'
import { LeveragePicker } from './leverage-picker.tsx'
import { LotsStepper } from '../../../common/trading/lots-stepper.tsx'
import { Field } from '../../../common/trading/field.tsx'
import { ExpiryField } from '../../../common/trading/expiry-field.tsx'
import { PriceInput } from '../../../common/trading/price-input.tsx'
import type { PlacedOrder } from './order-success.tsx'
import { StopField } from './stop-field.tsx'
import './order-form.css'
import { GOOD_TILL_CANCELLED } from '../../../common/trading/expiry.ts'

interface Props {
  /** Render with a new `key` for another instrument or another opening: the form starts over. */
  instrument: Instrument
  /** The whole list, for the pair that converts a non-USD quote currency into USD. */
  instruments: readonly Instrument[]
  initialSide: SideValue
  /** The id of the ticket's heading, which names the sheet. */
  titleId: string
  onClose: () => void
  onPlaced: (placed: PlacedOrder) => void
}

const money2 = (value: number | null) => (value === null ? '--' : formatAmount(value.toFixed(2), 2))

function initialDraft(instrument: Instrument, side: SideValue): TicketDraft {
  // The last lots and deviation used on this instrument, else the minimum and the default. The
  // leverage is not the draft's: the form takes the account's as the instrument allows it.
  const { lotsText, deviationText } = lastTermsFor(readLastUsed(), instrument)
  return {
    side,
    kind: 'market',
    priceText: '',
    lotsText,
    leverage: null,
    stopLoss: { on: false, text: '' },
    takeProfit: { on: false, text: '' },
    expiry: GOOD_TILL_CANCELLED,
    deviationText,
    stopUnit: 'price',
  }
}

/**
 * The order ticket (docs/product.md "Screens" and "Input rules"), compact enough to fit a phone without scrolling: sell or buy
 * at the live price (within a maximum deviation, else a requote), market or pending at a price,
 * lots, leverage, optional stop-loss and take-profit (as a price or in points, with the P/L in USD
 * if hit, at least the stops level away), the margin, fee and free margin after, one-tap trading,
 * and the place button. Everything is off while the market is closed.
 */
export function OrderForm({ instrument, instruments, initialSide, titleId, onClose, onPlaced }: Props) {
  const { t } = useTranslation()
  const signedIn = useSession((state) => state.token !== null)
  const basicInfo = useBasicInfo()
  const balance = useQuery({
    queryKey: ['ticket-balance'],
    queryFn: ({ signal }) => fetchBalance(signal),
    enabled: signedIn,
    staleTime: 0,
  })
  const priceId = useId()
  const shortId = useId()
  const accountLeverage = useAccountLeverage((state) => state.value)
  const setAccountLeverage = useAccountLeverage((state) => state.set)
  const [draft, setDraft] = useState<TicketDraft>(() => initialDraft(instrument, initialSide))
  const [pickerOpen, setPickerOpen] = useState(false)
  const leverageButton = useRef<HTMLButtonElement>(null)
  const [busy, setBusy] = useState(false)
  // The clock the expiry choices are shown against: when the ticket opened.
  const [openedAt] = useState(() => Date.now())

  const { quote, usdRate } = usePricedQuote(instrument, instruments)

  const rules = lotRules(instrument)
  const options = instrument.HasForexMultiple.map((option) => option.Value)
  // The account leverage as this instrument allows it, from the options now offered (staff may
  // change them while the ticket is open): never a leverage that is gone.
  const leverage = leverageFor(options, accountLeverage)
  const closed = instrument.MarketStatus === MarketStatus.Closed
  const precision = instrument.PricePrecision
  const lots = parseLots(draft.lotsText) ?? 0
  const margin = estimateMargin(instrument, lots, entryPrice(draft, quote, precision), leverage, usdRate)
  const feePerLot = basicInfo.data ? basicInfo.data.trade_fee_type === 1 : undefined
  const fee = estimateFee(instrument, lots, margin, feePerLot)
  const freeMargin = balance.data ? Number(balance.data.free_margin) : Number.NaN
  const freeAfter = Number.isFinite(freeMargin) && margin !== null ? freeMargin - margin - (fee ?? 0) : null
  const buy = draft.side === Side.Buy
  // A pending order's name as traders know it (Buy Limit, Sell Stop...), once its price is typed.
  const target = draft.kind === 'pending' ? Number(draft.priceText) : Number.NaN
  const pendingName =
    Number.isFinite(target) && target > 0 && draft.priceText.trim() !== ''
      ? t(
          sideKey({
            OrderType: draft.side,
            PendingType: pendingTypeOf(draft.side, target > (buy ? quote.ask : quote.bid)),
          }),
        )
      : null
  // What the order needs beyond the free margin (the server would refuse it): the button says why.
  const short = signedIn && !closed && margin !== null && freeAfter !== null && freeAfter < 0
  const anyStop = draft.stopLoss.on || draft.takeProfit.on
  const spread = Math.round((quote.ask - quote.bid) * 10 ** precision)
  const stopsLevel = instrument.StopsLevel || 0

  const update = (patch: Partial<TicketDraft>) => setDraft((current) => ({ ...current, ...patch }))
  const setUnit = (unit: StopUnit) => setDraft((current) => withStopUnit(current, unit, quote, precision))

  async function submit() {
    if (closed || busy || !signedIn || short) return
    const converted = toOrderDraft({ ...draft, leverage }, quote, precision)
    if (!converted.ok) return toastInfo(t(converted.problem.key, converted.problem.values))
    const checked = checkOrder(converted.value, instrument, quote)
    if (!checked.ok) return toastInfo(t(checked.problem.key, checked.problem.values))
    setBusy(true)
    try {
      // Null: the user declined a new price; the ticket stays open.
      const placed = await placeOrder(checked.value, instrument)
      if (placed) onPlaced(placed)
    } catch {
      // The API client has shown the server's message; the ticket stays open to change the order.
    } finally {
      setBusy(false)
    }
  }

  let submitLabel = buy
    ? t('orderForm.submitBuy', { lots: draft.lotsText || '0' })
    : t('orderForm.submitSell', { lots: draft.lotsText || '0' })
  if (closed) submitLabel = t('orderForm.marketClosed')

  const stopField = (kind: 'stopLoss' | 'takeProfit') => {
    const stop = draft[kind]
    const preview = previewStop(kind, draft, quote, instrument, usdRate)
    // A level on the wrong side says so at once (as the order check will), not a P/L it cannot reach.
    const checked =
      preview.price === null
        ? null
        : checkStop(kind, preview.price.toFixed(precision), {
            side: draft.side,
            reference:
              draft.kind === 'pending' ? entryPrice(draft, quote, precision) : exitPrice(draft.side, quote),
            precision,
            stopsLevel,
          })
    const problem = checked && !checked.ok ? t(checked.problem.key, checked.problem.values) : null
    return (
      <StopField
        label={kind === 'stopLoss' ? t('orderForm.stopLoss') : t('orderForm.takeProfit')}
        on={stop.on}
        text={stop.text}
        unit={draft.stopUnit}
        preview={preview}
        problem={problem}
        precision={precision}
        disabled={closed}
        onToggle={(on) => setDraft((current) => ({ ...current, [kind]: { ...current[kind], on } }))}
        onChange={(text) => setDraft((current) => ({ ...current, [kind]: { ...current[kind], text } }))}
        testId={kind === 'stopLoss' ? 'order-sl' : 'order-tp'}
      />
    )
  }

  return (
    <section className="order-form" data-testid="order-form" aria-labelledby={titleId}>
      <header className="ticket-head">
        <h2 className="ticket-title" id={titleId}>
          <bdi>{instrument.ShowCode}</bdi>
          <span className="ticket-title-sub">{t('ticket.title')}</span>
        </h2>
        <span className="ticket-spread num">
          {t('ticket.spreadPoints', { value: Number.isFinite(spread) ? spread : '--' })}
        </span>
        <button
          type="button"
          className="ticket-close"
          data-testid="ticket-close"
          aria-label={t('ticket.close')}
          onClick={onClose}
        >
          <svg viewBox="0 0 24 24" width="1em" height="1em" aria-hidden="true">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth={2} strokeLinecap="round" />
          </svg>
        </button>
      </header>

      <fieldset className="order-fieldset" disabled={closed}>
        <div className="order-sides" role="radiogroup" aria-label={t('orderForm.side')}>
          {([Side.Sell, Side.Buy] as const).map((side) => (
            <button
              key={side}
              type="button"
              role="radio"
              aria-checked={draft.side === side}
              className={`order-side order-side-${side === Side.Buy ? 'buy' : 'sell'}`}
              data-testid={side === Side.Buy ? 'order-side-buy' : 'order-side-sell'}
              onClick={() => update({ side })}
            >
              <span className="order-side-name">
                {side === Side.Buy ? t('orderForm.buy') : t('orderForm.sell')}
              </span>
              <span className="order-side-price num">
                {formatPrice(side === Side.Buy ? quote.ask : quote.bid, precision)}
              </span>
            </button>
          ))}
        </div>

        <div className="order-kinds" role="radiogroup" aria-label={t('orderForm.kind')}>
          {(['market', 'pending'] as const satisfies readonly OrderKind[]).map((kind) => (
            <button
              key={kind}
              type="button"
              role="radio"
              aria-checked={draft.kind === kind}
              className="order-kind"
              data-testid={`order-type-${kind}`}
              onClick={() => update({ kind })}
            >
              {kind === 'market' ? t('orderForm.market') : t('orderForm.pending')}
            </button>
          ))}
        </div>

        {draft.kind === 'pending' && (
          <Field id={priceId} label={t('orderForm.price')} inline>
            <PriceInput
              id={priceId}
              testId="order-price"
              placeholder={formatPrice(buy ? quote.ask : quote.bid, precision)}
              value={draft.priceText}
              onChange={(priceText) => update({ priceText })}
            />
          </Field>
        )}
        {pendingName && (
          <p className="order-field-hint" data-testid="order-pending-type">
            {pendingName}
          </p>
        )}
        {draft.kind === 'market' && (
          <DeviationField
            value={draft.deviationText}
            onChange={(deviationText) => update({ deviationText })}
          />
        )}
        {draft.kind === 'pending' && (
          <ExpiryField
            value={draft.expiry}
            onChange={(expiry) => update({ expiry })}
            nowMs={openedAt}
            testId="order-expiry"
          />
        )}

        <div className="order-row">
          <LotsStepper value={draft.lotsText} onChange={(lotsText) => update({ lotsText })} rules={rules} />
          <div className="order-field">
            <span className="order-field-label">{t('orderForm.leverage')}</span>
            <button
              type="button"
              ref={leverageButton}
              className="order-input leverage-button"
              data-testid="order-leverage"
              aria-haspopup="listbox"
              aria-label={`${t('orderForm.leverage')} ${leverage === null ? '--' : `${leverage}x`}`}
              onClick={() => setPickerOpen(true)}
            >
              <span className="num">{leverage === null ? '--' : `${leverage}x`}</span>
              <span className="leverage-caret" aria-hidden="true">
                ▾
              </span>
            </button>
          </div>
        </div>

        <div className="order-stops">
          {anyStop && (
            <div className="stop-unit" role="radiogroup" aria-label={t('ticket.stopUnit')}>
              <span className="stop-unit-label" aria-hidden="true">
                {t('ticket.stopUnit')}
              </span>
              {(['price', 'points'] as const).map((unit) => (
                <button
                  key={unit}
                  type="button"
                  role="radio"
                  aria-checked={draft.stopUnit === unit}
                  className="stop-unit-option"
                  data-testid={`order-stop-unit-${unit}`}
                  onClick={() => setUnit(unit)}
                >
                  {unit === 'price' ? t('ticket.unitPrice') : t('ticket.unitPoints')}
                </button>
              ))}
            </div>
          )}
          {anyStop && stopsLevel > 0 && (
            <p className="order-field-hint" data-testid="order-stops-level">
              {t('stops.levelHint', levelValues(stopsLevel, precision))}
            </p>
          )}
          {stopField('stopLoss')}
          {stopField('takeProfit')}
        </div>

        <dl className="order-estimate">
          <div>
            <dt>{t('orderForm.margin')}</dt>
            <dd>
              <span className="num" data-testid="order-margin">
                {money2(margin)}
              </span>
            </dd>
          </div>
          <div>
            <dt>{t('orderForm.fee')}</dt>
            <dd>
              <span className="num" data-testid="order-fee">
                {money2(fee)}
              </span>
            </dd>
          </div>
          <div>
            <dt>{t('ticket.freeMarginAfter')}</dt>
            <dd>
              <span
                className={freeAfter !== null && freeAfter < 0 ? 'num change-down' : 'num'}
                data-testid="order-free-after"
              >
                {money2(freeAfter)}
              </span>
            </dd>
          </div>
        </dl>

        <OneTapSwitch />

        {short && (
          <p className="order-short" id={shortId} data-testid="order-margin-short" role="status">
            {t('ticket.marginShort', { need: money2((margin ?? 0) + (fee ?? 0)), free: money2(freeMargin) })}
          </p>
        )}
        <button
          type="button"
          className={`order-submit order-submit-${buy ? 'buy' : 'sell'}`}
          data-testid="order-submit"
          disabled={closed || busy || short}
          aria-describedby={short ? shortId : undefined}
          aria-busy={busy}
          onClick={() => void submit()}
        >
          {submitLabel}
        </button>
      </fieldset>

      <LeveragePicker
        open={pickerOpen}
        options={options}
        value={leverage}
        onChange={setAccountLeverage}
        onClose={() => {
          setPickerOpen(false)
          leverageButton.current?.focus({ preventScroll: true })
        }}
      />
    </section>
  )
}
