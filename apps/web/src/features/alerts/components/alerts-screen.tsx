import {
  AlertDirection,
  AlertStatus,
  type AlertDirectionValue,
  type PriceAlertItem,
} from '@tp/contracts/light'
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { LoadFailed } from '../../../common/components/load-failed.tsx'
import { Page } from '../../../common/components/page.tsx'
import { PageLoading } from '../../../common/components/page-loading.tsx'
import { Dialog } from '../../../common/lib/antd-dialog.ts'
import { formatDateTime } from '../../../common/lib/datetime.ts'
import { toastInfo, toastSuccess } from '../../../common/lib/toast.ts'
import { formatPrice } from '../../../common/market/format.ts'
import { useInstruments } from '../../../common/market/instruments-api.ts'
import { currentQuote } from '../../../common/market/quote.ts'
import { ALERTS_QUERY } from '../../../common/trading/alert-notice.ts'
import { PriceInput } from '../../../common/trading/price-input.tsx'
import { Field } from '../../../common/trading/field.tsx'
import { useQuotesOf } from '../../../common/market/use-live-quotes.ts'
import { nextPageAfter } from '../../../common/lib/paging.ts'
import { MoneyFooter } from '../../../common/wallet/money-footer.tsx'
import { addAlert, fetchAlerts, removeAlert } from '../api/alerts-api.ts'
import { checkAlertPrice } from '../lib/alert-form.ts'
import './alerts.css'

function useAlerts() {
  return useInfiniteQuery({
    queryKey: [ALERTS_QUERY],
    queryFn: ({ pageParam, signal }) => fetchAlerts(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (_last, pages) => nextPageAfter(pages, (page) => page.data),
    refetchOnMount: 'always',
    staleTime: 0,
  })
}

/** A new alert: the instrument (the one in `?id=`, else the first), above or below, and the price. */
function NewAlert() {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const [params] = useSearchParams()
  const instruments = useInstruments()
  const list = instruments.data ?? []
  const [chosen, setChosen] = useState<number | null>(null)
  const instrument = list.find((item) => item.Id === (chosen ?? Number(params.get('id')))) ?? list[0] ?? null
  const live = useQuotesOf(instrument ? [instrument.Code] : [])
  const bid = instrument ? currentQuote(instrument, live.get(instrument.Code)).bid : 0
  const [direction, setDirection] = useState<AlertDirectionValue>(AlertDirection.Above)
  const [priceText, setPriceText] = useState('')
  const [busy, setBusy] = useState(false)
  const instrumentId = useId()
  const priceId = useId()

  async function add() {
    if (!instrument || busy) return
    const checked = checkAlertPrice(priceText, direction, bid, instrument.PricePrecision)
    if (!checked.ok) return toastInfo(t(checked.problem.key, checked.problem.values))
    setBusy(true)
    try {
      const result = await addAlert(instrument.Id, direction, checked.value)
      toastSuccess(result.msg)
      setPriceText('')
      await queryClient.invalidateQueries({ queryKey: [ALERTS_QUERY] })
    } catch {
      // The API client has shown the server's message.
    } finally {
      setBusy(false)
    }
  }

  return (
    <section className="alert-new" aria-labelledby={`${instrumentId}-title`}>
      <h2 className="alert-section-title" id={`${instrumentId}-title`}>
        {t('alerts.newTitle')}
      </h2>
      <Field id={instrumentId} label={t('alerts.instrument')}>
        <select
          id={instrumentId}
          className="order-input"
          data-testid="alert-instrument"
          value={instrument?.Id ?? ''}
          onChange={(event) => setChosen(Number(event.target.value))}
        >
          {list.map((item) => (
            <option key={item.Id} value={item.Id}>
              {item.ShowCode}
            </option>
          ))}
        </select>
        {instrument && bid > 0 && (
          <p className="order-field-hint" data-testid="alert-bid">
            {t('alerts.bidNow', { price: formatPrice(bid, instrument.PricePrecision) })}
          </p>
        )}
      </Field>
      <div className="alert-directions" role="radiogroup" aria-label={t('alerts.direction')}>
        {[AlertDirection.Above, AlertDirection.Below].map((value) => (
          <button
            key={value}
            type="button"
            role="radio"
            aria-checked={direction === value}
            className="alert-direction"
            data-testid={`alert-direction-${value}`}
            onClick={() => setDirection(value)}
          >
            {value === AlertDirection.Above ? t('alerts.whenAbove') : t('alerts.whenBelow')}
          </button>
        ))}
      </div>
      <Field id={priceId} label={t('alerts.price')}>
        <PriceInput
          id={priceId}
          testId="alert-price"
          placeholder={instrument && bid > 0 ? formatPrice(bid, instrument.PricePrecision) : ''}
          value={priceText}
          onChange={setPriceText}
        />
      </Field>
      <button
        type="button"
        className="alert-add"
        data-testid="alert-add"
        disabled={!instrument || busy}
        onClick={() => void add()}
      >
        {t('alerts.add')}
      </button>
    </section>
  )
}

function AlertRow({ alert, onRemove }: { alert: PriceAlertItem; onRemove: (alert: PriceAlertItem) => void }) {
  const { t } = useTranslation()
  const precision = alert.ForexTradeLists?.PricePrecision ?? 2
  const price = formatPrice(alert.Price, precision)
  const fired = alert.Status === AlertStatus.Fired
  return (
    <li className="alert-row" data-testid={`alert-row-${alert.Id}`} data-status={alert.Status}>
      <div className="alert-row-body">
        <div className="alert-row-title">
          <bdi className="alert-row-code">{alert.ForexTradeLists?.ShowCode ?? alert.ForexId}</bdi>
          <span className="num">
            {alert.Direction === AlertDirection.Above
              ? t('alerts.above', { price })
              : t('alerts.below', { price })}
          </span>
        </div>
        <div className="alert-row-line">
          {fired
            ? t('alerts.firedAt', {
                time: formatDateTime(alert.FireTimeHandler),
                price: formatPrice(alert.FiredPrice, precision),
              })
            : t('alerts.setAt', { time: formatDateTime(alert.CreateTimeHandler) })}
        </div>
      </div>
      {fired ? (
        <span className="alert-row-status">{t('alerts.firedStatus')}</span>
      ) : (
        <button
          type="button"
          className="alert-row-remove"
          data-testid={`alert-remove-${alert.Id}`}
          aria-label={t('alerts.remove')}
          onClick={() => onRemove(alert)}
        >
          ×
        </button>
      )}
    </li>
  )
}

/**
 * /mine/alerts (issue 13): price alerts. A new one on any instrument, above or below a price (on
 * the bid); the user's alerts, waiting and fired, newest first; a waiting one can be removed. An
 * alert fires once, and its notice reaches the user wherever they are (common/trading/alert-notice.ts).
 */
export function AlertsScreen() {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const alerts = useAlerts()

  async function remove(alert: PriceAlertItem) {
    const confirmed = await Dialog.confirm({
      content: t('alerts.removeConfirm'),
      confirmText: <span data-testid="alert-remove-confirm">{t('alerts.remove')}</span>,
      cancelText: t('common.back'),
    })
    if (!confirmed) return
    try {
      toastSuccess((await removeAlert(alert.Id)).msg)
    } catch {
      // The API client has shown the server's message.
    }
    await queryClient.invalidateQueries({ queryKey: [ALERTS_QUERY] })
  }

  let body
  if (alerts.isPending) body = <PageLoading />
  else if (alerts.isError && !alerts.data) body = <LoadFailed onRetry={() => void alerts.refetch()} />
  else {
    const rows = alerts.data.pages.flatMap((page) => page.data)
    body =
      rows.length === 0 ? (
        <p className="list-empty" data-testid="alerts-empty">
          {t('alerts.empty')}
        </p>
      ) : (
        <>
          <ul className="alert-list" data-testid="alert-list">
            {rows.map((alert) => (
              <AlertRow key={alert.Id} alert={alert} onRemove={(item) => void remove(item)} />
            ))}
          </ul>
          <MoneyFooter hasMore={alerts.hasNextPage} loadMore={() => alerts.fetchNextPage()} />
        </>
      )
  }

  return (
    <Page title={t('pages.alerts')} backTo="/user">
      <NewAlert />
      <h2 className="alert-section-title alert-list-title">{t('alerts.listTitle')}</h2>
      {body}
    </Page>
  )
}
