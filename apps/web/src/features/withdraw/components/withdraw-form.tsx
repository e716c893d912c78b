import type { DrawSymbol, SavedPayoutMethod } from '@tp/contracts/light'
import { useQueryClient } from '@tanstack/react-query'
import { Button, List } from 'antd-mobile'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { TextField } from '../../../common/components/text-field.tsx'
import { Dialog } from '../../../common/lib/antd-dialog.ts'
import { formatAmount } from '../../../common/lib/money.ts'
import { toastInfo, toastSuccess } from '../../../common/lib/toast.ts'
import { MONEY_BALANCE_QUERY } from '../../../common/wallet/wallet-api.ts'
import { CurrencyPicker } from '../../../common/wallet/currency-picker.tsx'
import { useDrawSymbols, useMoneyBalance, usePayoutMethods } from '../../../common/wallet/use-wallet.ts'
import { requestWithdrawal, WITHDRAWALS_QUERY, type WithdrawTab } from '../api/withdraw-api.ts'
import { quoteText } from '../lib/quote.ts'
import { MethodPicker } from './method-picker.tsx'

/** Digits with an optional decimal part: docs/product.md "Input rules" asks only that the amount be numeric. */
const NUMERIC = /^\d+(\.\d+)?$/

/**
 * One tab of /mine/withdraw: currency, saved method (or the 'not bound' dialog that offers to add
 * one), USD amount and remark, the live fee, received amount and rate, what can be withdrawn now
 * (`withdrawable`, computed by the server), and submit after a confirmation that states what arrives. After a
 * successful submit the form clears and the records reload from page 1 (docs/product.md "States").
 */
export function WithdrawForm({ type }: { type: WithdrawTab }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const currencies = useDrawSymbols(type)
  const balance = useMoneyBalance()
  const [currency, setCurrency] = useState<DrawSymbol | null>(null)
  const methods = usePayoutMethods(type, currency?.id, currency !== null)
  const [method, setMethod] = useState<SavedPayoutMethod | null>(null)
  const [pickingMethod, setPickingMethod] = useState(false)
  const [amount, setAmount] = useState('')
  const [remark, setRemark] = useState('')
  // The chosen currency as last listed: its live rate moves while the form is open.
  const priced = currencies.data?.find((c) => c.id === currency?.id) ?? currency
  const quote = quoteText(amount, priced)

  /** Where the rate comes from: the live quote with the margin, a set rate, or none now. */
  function rateSourceText(symbol: DrawSymbol): string {
    if (!symbol.rate_ready) return t('withdraw.rateStale')
    if (symbol.rate_source.startsWith('quote:'))
      return t('withdraw.rateLive', {
        instrument: symbol.rate_source.slice('quote:'.length),
        margin: symbol.rate_margin_pct,
      })
    return t('withdraw.rateSet')
  }

  async function offerToBind() {
    const go = await Dialog.confirm({
      content: t('withdraw.notBound'),
      confirmText: t('withdraw.bindNow'),
      cancelText: t('common.cancel'),
    })
    if (go) navigate(`/mine/withdraw-way?type=${type}`)
  }

  function openMethods() {
    if (!currency) return toastInfo(t('wallet.chooseCurrency'))
    if (methods.data?.length === 0) return void offerToBind()
    if (methods.data) setPickingMethod(true)
  }

  async function submit() {
    if (!currency) return toastInfo(t('wallet.chooseCurrency'))
    if (!method)
      return methods.data?.length === 0 ? void offerToBind() : toastInfo(t('withdraw.chooseMethod'))
    if (!NUMERIC.test(amount.trim())) return toastInfo(t('withdraw.amountNumeric'))
    // The amount to receive and its rate, quoted now by the server, before anything is asked.
    const fresh = (await currencies.refetch()).data?.find((c) => c.id === currency.id) ?? currency
    const shown = quoteText(amount, fresh)
    if (!fresh.rate_ready) return toastInfo(t('withdraw.rateStale'))
    const go = await Dialog.confirm({
      content: (
        <div data-testid="withdraw-confirm">
          {t('withdraw.confirm', {
            amount: formatAmount(amount.trim()),
            fee: shown.fee,
            received: shown.received,
            rate: `${shown.rate} (${rateSourceText(fresh)})`,
          })}
        </div>
      ),
      confirmText: t('withdraw.submit'),
      cancelText: t('common.cancel'),
    })
    if (!go) return
    const result = await requestWithdrawal({
      draw_currency_id: currency.id,
      number: amount.trim(),
      memo: remark,
      draw_method_id: method.id,
    }).catch(() => null)
    if (!result) return
    toastSuccess(result.msg)
    setAmount('')
    setRemark('')
    setMethod(null)
    setCurrency(null)
    await Promise.all([
      queryClient.resetQueries({ queryKey: [WITHDRAWALS_QUERY] }),
      queryClient.invalidateQueries({ queryKey: [MONEY_BALANCE_QUERY] }),
    ])
  }

  return (
    <>
      <List className="money-section">
        <CurrencyPicker
          currencies={currencies.data ?? []}
          value={currency}
          testId="withdraw-currency"
          onChange={(chosen) => {
            setCurrency(chosen)
            setMethod(null)
          }}
        />
        <MethodPicker
          open={pickingMethod}
          onOpen={openMethods}
          onClose={() => setPickingMethod(false)}
          methods={methods.data ?? []}
          value={method}
          onChange={setMethod}
        />
      </List>
      <div className="money-section">
        <TextField
          label={t('withdraw.amount')}
          value={amount}
          onChange={setAmount}
          inputMode="decimal"
          maxLength={13}
          testId="withdraw-amount"
        />
        <TextField
          label={t('wallet.remark')}
          value={remark}
          onChange={setRemark}
          maxLength={200}
          testId="withdraw-remark"
        />
        <dl className="money-summary">
          <dt>{t('withdraw.fee')}</dt>
          <dd>
            <span className="num" data-testid="withdraw-fee">
              {quote.fee === '--' ? '--' : `${quote.fee} USD`}
            </span>
          </dd>
          <dt>{t('withdraw.received')}</dt>
          <dd>
            <span className="num" data-testid="withdraw-received">
              {quote.received}
            </span>
          </dd>
          <dt>{t('withdraw.rate')}</dt>
          <dd>
            <span className="num" data-testid="withdraw-rate">
              {priced ? `${quote.rate} · ${rateSourceText(priced)}` : '--'}
            </span>
          </dd>
          <dt>{t('wallet.withdrawable')}</dt>
          <dd>
            <span className="num" data-testid="withdraw-available">
              {formatAmount(balance.data?.withdrawable)} USD
            </span>
          </dd>
          <dt>{t('wallet.frozen')}</dt>
          <dd>
            <span className="num" data-testid="withdraw-frozen">
              {formatAmount(balance.data?.lock_balance)} USD
            </span>
          </dd>
        </dl>
        <Button
          className="money-submit"
          block
          color="primary"
          shape="rounded"
          data-testid="withdraw-submit"
          onClick={() => void submit()}
        >
          {t('withdraw.submit')}
        </Button>
      </div>
    </>
  )
}
