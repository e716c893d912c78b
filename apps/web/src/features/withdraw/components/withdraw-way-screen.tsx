import { PayoutType, type DrawSymbol, type PayoutTypeValue } from '@tp/contracts/light'
import { useQueryClient } from '@tanstack/react-query'
import { Button, List } from 'antd-mobile'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate, useSearchParams } from 'react-router'
import { Page } from '../../../common/components/page.tsx'
import { TextField } from '../../../common/components/text-field.tsx'
import { canGoBack } from '../../../common/lib/go-back.ts'
import { toastInfo, toastSuccess } from '../../../common/lib/toast.ts'
import { bindPayoutMethod, PAYOUT_METHODS_QUERY } from '../../../common/wallet/wallet-api.ts'
import { CurrencyPicker } from '../../../common/wallet/currency-picker.tsx'
import { useDrawSymbols } from '../../../common/wallet/use-wallet.ts'
import '../../../common/wallet/money.css'

const COIN_FIELDS = ['dc_address', 'remark'] as const
const BANK_FIELDS = [
  'bank_name',
  'bank_address',
  'bank_swift',
  'payee_name',
  'payee_account',
  'iban',
  'currency',
  'remark',
] as const
type Field = (typeof BANK_FIELDS)[number] | (typeof COIN_FIELDS)[number]

const LABELS: Record<Field, string> = {
  dc_address: 'wallet.address',
  bank_name: 'wallet.bankName',
  bank_address: 'wallet.bankAddress',
  bank_swift: 'wallet.swift',
  payee_name: 'wallet.payeeName',
  payee_account: 'wallet.payeeAccount',
  iban: 'wallet.iban',
  currency: 'wallet.accountCurrency',
  remark: 'wallet.remark',
}

const MAX_LENGTH: Record<Field, number> = {
  dc_address: 128,
  bank_name: 100,
  bank_address: 200,
  bank_swift: 16,
  payee_name: 100,
  payee_account: 40,
  iban: 48,
  currency: 3,
  remark: 200,
}

/** `?type=1` binds a coin address, anything else a bank account (docs/product.md "Screens"). */
function typeOf(value: string | null): PayoutTypeValue {
  return value === '1' ? PayoutType.Coin : PayoutType.Bank
}

/**
 * /mine/withdraw-way: binds a payout method. The currency must be chosen (docs/product.md "Input rules"); the server
 * checks everything else (address format and checksum, SWIFT, IBAN) and its message is the toast.
 */
export function WithdrawWayScreen() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [params] = useSearchParams()
  const type = typeOf(params.get('type'))
  const currencies = useDrawSymbols(type)
  const [currency, setCurrency] = useState<DrawSymbol | null>(null)
  const [values, setValues] = useState<Partial<Record<Field, string>>>({})
  const fields = type === PayoutType.Coin ? COIN_FIELDS : BANK_FIELDS

  async function submit() {
    if (!currency) {
      toastInfo(t('wallet.chooseCurrency'))
      return
    }
    const body: Record<string, string | number> = { type, draw_id: currency.id }
    for (const field of fields) body[field] = values[field] ?? ''
    const result = await bindPayoutMethod(body).catch(() => null)
    if (!result) return
    toastSuccess(result.msg)
    await queryClient.invalidateQueries({ queryKey: [PAYOUT_METHODS_QUERY] })
    const list = type === PayoutType.Coin ? '/mine/coin-address-list' : '/mine/bank-card-list'
    if (canGoBack()) navigate(-1)
    else navigate(list, { replace: true })
  }

  return (
    <Page title={t('pages.withdrawWay')} backTo="/mine/wallet">
      <List className="money-section">
        <CurrencyPicker
          currencies={currencies.data ?? []}
          value={currency}
          onChange={setCurrency}
          testId="bind-currency"
        />
      </List>
      <div className="money-section">
        {fields.map((field) => (
          <TextField
            key={field}
            label={t(LABELS[field])}
            value={values[field] ?? ''}
            maxLength={MAX_LENGTH[field]}
            testId={`bind-${field}`}
            onChange={(value) => setValues((old) => ({ ...old, [field]: value }))}
          />
        ))}
        <Button
          className="money-submit"
          block
          color="primary"
          shape="rounded"
          data-testid="bind-submit"
          onClick={() => void submit()}
        >
          {t('wallet.save')}
        </Button>
      </div>
    </Page>
  )
}
