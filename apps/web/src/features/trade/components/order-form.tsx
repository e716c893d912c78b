import { MarketStatus, Side, type Instrument, type SideValue } from '@tp/contracts'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { useBasicInfo } from '../../../shared/api/basic-info.ts'
import { formatAmount } from '../../../shared/lib/money.ts'
import { currentPath, loginPath } from '../../../shared/lib/navigation.ts'
import { toastInfo } from '../../../shared/lib/toast.ts'
import { formatPrice } from '../../../shared/market/format.ts'
import { currentQuote } from '../../../shared/market/quote.ts'
import { useSession } from '../../../shared/session/session-store.ts'
import { decimalInput } from '../../../shared/trading/decimal-input.ts'
import { submitOrder } from '../api/order-api.ts'
import { useQuotesOf } from '../hooks/use-quotes-of.ts'
import { checkOrder, entryPrice, type OrderDraft, type OrderKind } from '../lib/order-check.ts'
import { estimateFee, estimateMargin, usdRateOf } from '../lib/order-estimate.ts'
import { defaultLots, lotRules, parseLots } from '../lib/lots.ts'
import { LeveragePicker } from './leverage-picker.tsx'
import { LotsStepper } from './lots-stepper.tsx'
import { OrderSuccess, type PlacedOrder } from './order-success.tsx'
import { StopField } from './stop-field.tsx'
import './order-form.css'

interface Props {
  /** Render with `key={instrument.Id}`: the form starts over for another instrument. */
  instrument: Instrument
  /** The whole list, for the pair that converts a non-USD quote currency into USD. */
  instruments: readonly Instrument[]
}

const money6 = (value: number | null) => (value === null ? '--' : formatAmount(value.toFixed(6), 6))

function initialDraft(instrument: Instrument): OrderDraft {
  return {
    side: Side.Buy,
    kind: 'market',
    priceText: '',
    lotsText: defaultLots(lotRules(instrument)),
    // The lowest leverage: the least risk until the user asks for more.
    leverage: instrument.HasForexMultiple[0]?.Value ?? null,
    stopLoss: { on: false, text: '' },
    takeProfit: { on: false, text: '' },
  }
}

/**
 * The order form of /trade (SPEC.md 2 and 5): buy or sell, market or pending at a price, lots,
 * leverage, optional stop-loss and take-profit, the estimated margin and fee, and the submit
 * button. Visitors are sent to sign in; everything is off while the market is closed.
 */
export function OrderForm({ instrument, instruments }: Props) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const signedIn = useSession((state) => state.token !== null)
  const basicInfo = useBasicInfo()
  const priceId = useId()
  const [draft, setDraft] = useState<OrderDraft>(() => initialDraft(instrument))
  const [pickerOpen, setPickerOpen] = useState(false)
  const [busy, setBusy] = useState(false)
  const [placed, setPlaced] = useState<PlacedOrder | null>(null)

  const currency = instrument.QuoteCurrency
  const conversion = currency === 'USD' ? [] : [`USD${currency}`, `${currency}USD`]
  const live = useQuotesOf([instrument.Code, ...conversion])
  const quote = currentQuote(instrument, live.get(instrument.Code))
  const quoteOf = (code: string) => {
    const listed = instruments.find((item) => item.Code === code)
    return listed && currentQuote(listed, live.get(code))
  }

  const rules = lotRules(instrument)
  const options = instrument.HasForexMultiple.map((option) => option.Value)
  // Staff may change the options while the form is open (CATALOGUE): a choice no longer offered
  // falls back to the lowest one, rather than showing (and sending) a leverage that is gone.
  const leverage =
    draft.leverage !== null && options.includes(draft.leverage) ? draft.leverage : (options[0] ?? null)
  const closed = instrument.MarketStatus === MarketStatus.Closed
  const precision = instrument.PricePrecision
  const lots = parseLots(draft.lotsText) ?? 0
  const margin = estimateMargin(
    instrument,
    lots,
    entryPrice(draft, quote, precision),
    leverage,
    usdRateOf(currency, quoteOf),
  )
  const feePerLot = basicInfo.data ? basicInfo.data.trade_fee_type === 1 : undefined
  const fee = estimateFee(instrument, lots, margin, feePerLot)
  const buy = draft.side === Side.Buy
  const sidePrice = formatPrice(buy ? quote.ask : quote.bid, precision)

  const update = (patch: Partial<OrderDraft>) => setDraft((current) => ({ ...current, ...patch }))
  const toLogin = () => navigate(loginPath(currentPath()))

  function chooseSide(side: SideValue) {
    // SPEC.md 5: ordering needs a sign-in; a visitor's tap on buy or sell goes there first.
    if (!signedIn) return toLogin()
    update({ side })
  }

  async function submit() {
    if (!signedIn) return toLogin()
    if (closed || busy) return
    const checked = checkOrder({ ...draft, leverage }, instrument, quote)
    if (!checked.ok) return toastInfo(t(checked.problem.key, checked.problem.values))
    setBusy(true)
    try {
      const result = await submitOrder(checked.value)
      const pending = checked.value.status === 0
      setPlaced({
        id: result.data.id,
        pending,
        text: t('orderForm.successText', {
          side: buy ? t('orderForm.buy') : t('orderForm.sell'),
          lots: checked.value.cont,
          code: instrument.ShowCode,
          id: result.data.id,
        }),
      })
    } catch {
      // The API client has shown the server's message.
    } finally {
      setBusy(false)
    }
  }

  let submitLabel = buy
    ? t('orderForm.submitBuy', { lots: draft.lotsText || '0' })
    : t('orderForm.submitSell', { lots: draft.lotsText || '0' })
  if (closed) submitLabel = t('orderForm.marketClosed')
  else if (!signedIn) submitLabel = t('orderForm.loginToTrade')

  return (
    <section className="order-form" data-testid="order-form" aria-label={t('trade.orderArea')}>
      <fieldset className="order-fieldset" disabled={closed}>
        <div className="order-sides" role="radiogroup" aria-label={t('orderForm.side')}>
          {([Side.Buy, Side.Sell] as const).map((side) => (
            <button
              key={side}
              type="button"
              role="radio"
              aria-checked={draft.side === side}
              className={`order-side order-side-${side === Side.Buy ? 'buy' : 'sell'}`}
              data-testid={side === Side.Buy ? 'order-side-buy' : 'order-side-sell'}
              onClick={() => chooseSide(side)}
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
          <div className="order-field">
            <label className="order-field-label" htmlFor={priceId}>
              {t('orderForm.price')}
            </label>
            <input
              id={priceId}
              className="order-input num"
              data-testid="order-price"
              inputMode="decimal"
              autoComplete="off"
              maxLength={20}
              placeholder={sidePrice}
              value={draft.priceText}
              onChange={(event) => update({ priceText: decimalInput(event.target.value) })}
            />
          </div>
        )}

        <div className="order-row">
          <LotsStepper value={draft.lotsText} onChange={(lotsText) => update({ lotsText })} rules={rules} />
          <div className="order-field">
            <span className="order-field-label">{t('orderForm.leverage')}</span>
            <button
              type="button"
              className="order-input leverage-button"
              data-testid="order-leverage"
              aria-haspopup="listbox"
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
          <StopField
            label={t('orderForm.stopLoss')}
            on={draft.stopLoss.on}
            text={draft.stopLoss.text}
            placeholder={t('orderForm.stopPlaceholder')}
            onToggle={(on) => update({ stopLoss: { ...draft.stopLoss, on } })}
            onChange={(text) => update({ stopLoss: { ...draft.stopLoss, text } })}
            testId="order-sl"
          />
          <StopField
            label={t('orderForm.takeProfit')}
            on={draft.takeProfit.on}
            text={draft.takeProfit.text}
            placeholder={t('orderForm.stopPlaceholder')}
            onToggle={(on) => update({ takeProfit: { ...draft.takeProfit, on } })}
            onChange={(text) => update({ takeProfit: { ...draft.takeProfit, text } })}
            testId="order-tp"
          />
        </div>

        <dl className="order-estimate">
          <div>
            <dt>{t('orderForm.margin')}</dt>
            <dd>
              <span className="num" data-testid="order-margin">
                {money6(margin)}
              </span>
            </dd>
          </div>
          <div>
            <dt>{t('orderForm.fee')}</dt>
            <dd>
              <span className="num" data-testid="order-fee">
                {money6(fee)}
              </span>
            </dd>
          </div>
        </dl>

        <button
          type="button"
          className={`order-submit order-submit-${buy ? 'buy' : 'sell'}`}
          data-testid="order-submit"
          disabled={closed || busy}
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
        onChange={(leverage) => update({ leverage })}
        onClose={() => setPickerOpen(false)}
      />
      <OrderSuccess placed={placed} onClose={() => setPlaced(null)} />
    </section>
  )
}
