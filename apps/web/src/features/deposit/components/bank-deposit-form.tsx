import type { BankAccount, BankCurrency } from '@tp/contracts/light'
import { List } from 'antd-mobile'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { PageLoading } from '../../../common/components/page-loading.tsx'
import { toastInfo } from '../../../common/lib/toast.ts'
import { submitBankDeposit } from '../api/deposit-api.ts'
import { useBankAccounts } from '../hooks/use-deposits.ts'
import { ChoiceRow } from './choice-row.tsx'
import { DepositFields, useDepositFields } from './deposit-fields.tsx'

const DETAILS = [
  ['bank_name', 'wallet.bankName'],
  ['bank_address', 'deposit.bankAddress'],
  ['bank_swift', 'wallet.swift'],
  ['payee_name', 'wallet.payeeName'],
  ['payee_account', 'wallet.payeeAccount'],
  ['bank_remark', 'deposit.bankRemark'],
] as const satisfies readonly (readonly [keyof BankAccount, string])[]

/** One of the broker's accounts, chosen by tapping it; its details to pay to. */
function AccountCard({
  account,
  chosen,
  onChoose,
}: {
  account: BankAccount
  chosen: boolean
  onChoose: () => void
}) {
  const { t } = useTranslation()
  return (
    <li>
      <button
        type="button"
        className={chosen ? 'money-card money-choice money-choice-on' : 'money-card money-choice'}
        aria-pressed={chosen}
        data-testid="deposit-bank-account"
        onClick={onChoose}
      >
        <dl className="money-summary money-card-body">
          {DETAILS.filter(([field]) => account[field]).map(([field, label]) => (
            <div key={field} className="money-summary-row">
              <dt>{t(label)}</dt>
              <dd>
                <span className="num">{account[field]}</span>
              </dd>
            </div>
          ))}
        </dl>
      </button>
    </li>
  )
}

/** The bank tab: a bank currency, then the broker's accounts in it; none chosen is 'no pay way'. */
export function BankDepositForm({
  currencies,
  onDone,
}: {
  currencies: readonly BankCurrency[]
  onDone: () => void
}) {
  const { t } = useTranslation()
  const [currency, setCurrency] = useState<BankCurrency | null>(null)
  const [accountId, setAccountId] = useState<number | null>(null)
  const accounts = useBankAccounts(currency?.id ?? null)
  const fields = useDepositFields()
  const account = accounts.data?.find((a) => a.id === accountId) ?? null

  async function submit() {
    if (!account) return toastInfo(t('deposit.noPayWay'))
    const form = fields.checked()
    if (!form) return
    const result = await submitBankDeposit({ ...form, wire_id: account.id }).catch(() => null)
    if (result) fields.done(result.msg, onDone)
  }

  return (
    <>
      <List className="money-section">
        <ChoiceRow
          title={t('wallet.currency')}
          placeholder={t('wallet.chooseCurrency')}
          options={currencies}
          value={currency}
          labelOf={(option) => option.name}
          idOf={(option) => option.id}
          onChange={(chosen) => {
            setCurrency(chosen)
            setAccountId(null)
          }}
          testId="deposit-bank-currency"
        />
      </List>
      {currency && accounts.isPending && <PageLoading />}
      {accounts.data?.length === 0 && <p className="list-empty">{t('deposit.noPayWay')}</p>}
      {accounts.data && accounts.data.length > 0 && (
        <ul className="money-cards">
          {accounts.data.map((option) => (
            <AccountCard
              key={option.id}
              account={option}
              chosen={option.id === accountId}
              onChoose={() => setAccountId(option.id)}
            />
          ))}
        </ul>
      )}
      <DepositFields fields={fields} onSubmit={() => void submit()} />
    </>
  )
}
