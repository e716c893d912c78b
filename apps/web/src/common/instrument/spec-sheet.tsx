import {
  MarginMode,
  MarketStatus,
  Side,
  SwapMode,
  type Instrument,
  type SideValue,
} from '@tp/contracts/light'
import { Popup } from 'antd-mobile'
import { useTranslation } from 'react-i18next'
import { useBasicInfo } from '../api/basic-info.ts'
import { formatAmount, formatSignedAmount } from '../lib/money.ts'
import { useInstruments } from '../market/instruments-api.ts'
import { usePricedQuote } from '../market/use-priced-quote.ts'
import { estimateMargin } from '../trading/order-estimate.ts'
import { formatLots, lotRules } from '../trading/lots.ts'
import { formatLocale } from '../lib/locale.ts'
import { formatNumber, formatRatePercent, zoneLabel } from '../market/number-format.ts'
import { formatOpening } from '../market/market-hours.ts'
import { openingTime } from '../market/opening-text.ts'
import { weeklyHours } from '../market/weekly-hours.ts'
import { hasSwap, rolloverLocalTime, swapPerLotUsd, weekdayName } from '../market/swap-figures.ts'
import { SheetHead } from './sheet-head.tsx'
import { SpecCalendarRows } from './spec-calendar-rows.tsx'
import { SpecProtectionRows } from './spec-protection-rows.tsx'
import { isolated, Row } from './spec-row.tsx'
import './spec-sheet.css'

const usd = (value: number | null) => (value === null ? '--' : `${formatAmount(value.toFixed(2), 2)} USD`)

/** A side's swap: the rate as the catalogue states it, and what one lot pays a night now, in USD. */
function SwapRow(props: {
  instrument: Instrument
  side: SideValue
  closePrice: number
  usdRate: number | null
}) {
  const { t } = useTranslation()
  const { instrument, side } = props
  const locale = formatLocale()
  const rate = side === Side.Buy ? instrument.SwapLong : instrument.SwapShort
  const perLot = swapPerLotUsd(instrument, side, props.closePrice, props.usdRate)
  const signedRate = `${rate > 0 ? '+' : ''}${formatNumber(rate, locale, 4)}`
  const stated =
    instrument.SwapMode === SwapMode.Points
      ? t('spec.swapPoints', { rate: isolated(signedRate) })
      : t('spec.swapPercent', { rate: isolated(signedRate) })
  return (
    <Row label={t(side === Side.Buy ? 'spec.swapLong' : 'spec.swapShort')} testId={`spec-swap-${side}`}>
      <ul className="spec-lines">
        <li>{stated}</li>
        {perLot !== undefined && (
          <li className="num">
            {t('spec.swapPerNight', { amount: isolated(`${formatSignedAmount(perLot.toFixed(2), 2)} USD`) })}
          </li>
        )}
      </ul>
    </Row>
  )
}

/** What one lot of the instrument holds and costs, and when it trades (issue 12, "Lists"). */
function SpecFields({ instrument }: { instrument: Instrument }) {
  const { t } = useTranslation()
  const locale = formatLocale()
  const instruments = useInstruments()
  const basicInfo = useBasicInfo()
  const currency = instrument.QuoteCurrency
  const { quote, usdRate } = usePricedQuote(instrument, instruments.data ?? [])
  const rules = lotRules(instrument)
  const leverages = instrument.HasForexMultiple.map((option) => option.Value)
  const now = Date.now()
  const hours = weeklyHours(instrument.Sessions, locale, now)
  const opens = openingTime(instrument, now, locale)
  const closed = instrument.MarketStatus === MarketStatus.Closed
  // While open, when it closes next (the day's end, a weekend, a holiday), in the reader's zone.
  const closes =
    typeof instrument.NextClose === 'number'
      ? formatOpening(instrument.NextClose, locale, undefined, now)
      : null
  const feePerLot = basicInfo.data ? basicInfo.data.trade_fee_type === 1 : undefined
  // The margin the order form would ask for one lot bought now (ask), at each leverage offered.
  const margins =
    instrument.MarginMode === MarginMode.Fixed
      ? [{ leverage: null, margin: estimateMargin(instrument, 1, quote.ask, null, usdRate) }]
      : leverages.map((leverage) => ({
          leverage,
          margin: estimateMargin(instrument, 1, quote.ask, leverage, usdRate),
        }))

  let fee = '--'
  if (feePerLot === true) fee = t('spec.feePerLot', { amount: isolated(usd(instrument.ForexFeeRate)) })
  else if (feePerLot === false)
    fee = t('spec.feeOfMargin', { percent: isolated(formatRatePercent(instrument.ForexFeeRate, locale)) })

  return (
    <dl className="spec-fields">
      <Row label={t('spec.status')} testId="spec-status">
        {closed
          ? opens
            ? t('spec.closedOpens', { time: opens })
            : t('spec.closed')
          : closes
            ? t('spec.openCloses', { time: closes })
            : t('spec.statusOpen')}
      </Row>
      <Row label={t('spec.contractSize')} testId="spec-contract-size">
        <span className="num">{formatNumber(instrument.ForexContNum, locale)}</span>
      </Row>
      <Row label={t('spec.lotStep')}>
        <span className="num">{formatLots(rules.step, rules)}</span>
      </Row>
      <Row label={t('spec.lotLimits')}>
        <span className="num" dir="ltr">
          {formatLots(rules.min, rules)} – {formatLots(rules.max, rules)}
        </span>
      </Row>
      <Row label={t('spec.leverage')}>
        {leverages.length === 0 ? (
          t('spec.noLeverage')
        ) : (
          <span className="num">{leverages.map((value) => `${value}x`).join(' · ')}</span>
        )}
      </Row>
      <Row label={t('spec.marginOneLot')} testId="spec-margin">
        <ul className="spec-lines">
          {margins.length === 0 && <li>--</li>}
          {margins.map(({ leverage, margin }) => (
            <li key={leverage ?? 'fixed'} className="spec-margin-line num">
              {leverage !== null && <span className="spec-line-key">{leverage}x</span>}
              <span>{usd(margin)}</span>
            </li>
          ))}
        </ul>
      </Row>
      <Row label={t('spec.fee')}>{fee}</Row>
      <Row label={t('spec.spread')}>
        <span className="num">{formatNumber(instrument.ForexPointRate, locale)}</span>
      </Row>
      <Row label={t('spec.quoteCurrency')}>{currency}</Row>
      <Row label={t('spec.precision')}>
        <span className="num" dir="ltr">
          {instrument.PricePrecision} (
          {(10 ** -instrument.PricePrecision).toFixed(Math.max(0, instrument.PricePrecision))})
        </span>
      </Row>
      <SpecProtectionRows instrument={instrument} locale={locale} />
      <Row label={t('spec.hours', { zone: zoneLabel(locale) })} testId="spec-hours">
        {hours === 'always' ? (
          t('spec.always')
        ) : hours.length === 0 ? (
          t('spec.never')
        ) : (
          <ul className="spec-lines">
            {hours.map((window) => (
              <li key={`${window.from}-${window.to}`}>
                <bdi className="spec-time">{window.from}</bdi> – <bdi className="spec-time">{window.to}</bdi>
              </li>
            ))}
          </ul>
        )}
      </Row>
      <SpecCalendarRows instrument={instrument} locale={locale} nowMs={now} />
      {hasSwap(instrument) && (
        <>
          <SwapRow instrument={instrument} side={Side.Buy} closePrice={quote.bid} usdRate={usdRate} />
          <SwapRow instrument={instrument} side={Side.Sell} closePrice={quote.ask} usdRate={usdRate} />
          <Row label={t('spec.tripleDay')} testId="spec-triple-day">
            {instrument.SwapTripleDay === null
              ? t('spec.tripleNone')
              : weekdayName(instrument.SwapTripleDay, locale)}
          </Row>
          <Row label={t('spec.rollover', { zone: zoneLabel(locale) })} testId="spec-rollover">
            <bdi className="spec-time">{rolloverLocalTime(instrument.RolloverMinute, locale, now)}</bdi>
          </Row>
        </>
      )}
    </dl>
  )
}

interface Props {
  instrument: Instrument
  open: boolean
  onClose: () => void
}

/** The instrument's specification sheet: opened from /trade's "i" button and from quick trade. */
export function SpecSheet({ instrument, open, onClose }: Props) {
  const { t } = useTranslation()
  return (
    <Popup visible={open} onMaskClick={onClose} onClose={onClose} bodyClassName="spec-sheet" destroyOnClose>
      <section
        aria-label={t('spec.title', { code: instrument.ShowCode })}
        data-testid="spec-sheet"
        role="dialog"
        aria-modal="true"
      >
        <SheetHead instrument={instrument} onClose={onClose} />
        <SpecFields instrument={instrument} />
      </section>
    </Popup>
  )
}
