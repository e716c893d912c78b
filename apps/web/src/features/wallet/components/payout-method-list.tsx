import type { PayoutTypeValue, SavedPayoutMethod } from '@tp/contracts/light'
import { PayoutType } from '@tp/contracts/light'
import { useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { LoadFailed } from '../../../common/components/load-failed.tsx'
import { Page } from '../../../common/components/page.tsx'
import { PageLoading } from '../../../common/components/page-loading.tsx'
import { Dialog } from '../../../common/lib/antd-dialog.ts'
import { toastSuccess } from '../../../common/lib/toast.ts'
import { currencyLabel, deletePayoutMethod, PAYOUT_METHODS_QUERY } from '../../../common/wallet/wallet-api.ts'
import { usePayoutMethods } from '../../../common/wallet/use-wallet.ts'
import '../../../common/wallet/money.css'

/** The lines a saved method shows: the address, or the bank, holder and account. */
function MethodLines({ method }: { method: SavedPayoutMethod }) {
  if (method.type === PayoutType.Coin) {
    return <div className="money-card-line num">{method.dc_address}</div>
  }
  return (
    <>
      <div className="money-card-line">{method.bank_name}</div>
      <div className="money-card-line">{method.payee_name}</div>
      <div className="money-card-line num">{method.payee_account}</div>
      {method.bank_swift && <div className="money-card-line num">SWIFT {method.bank_swift}</div>}
    </>
  )
}

/**
 * /mine/coin-address-list and /mine/bank-card-list: the saved methods of one type, each deletable
 * after a confirmation; the plus icon binds a new one on /mine/withdraw-way?type= (docs/product.md "Screens").
 */
export function PayoutMethodList({ type, title }: { type: PayoutTypeValue; title: string }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const methods = usePayoutMethods(type)

  async function remove(method: SavedPayoutMethod) {
    const sure = await Dialog.confirm({
      content: t('wallet.confirmDelete'),
      confirmText: t('common.confirm'),
      cancelText: t('common.cancel'),
    })
    if (!sure) return
    const result = await deletePayoutMethod(method.id).catch(() => null)
    if (!result) return
    toastSuccess(result.msg)
    await queryClient.invalidateQueries({ queryKey: [PAYOUT_METHODS_QUERY] })
  }

  const add = (
    <button
      type="button"
      className="money-icon-button money-add"
      aria-label={t('wallet.add')}
      data-testid="payout-add"
      onClick={() => navigate(`/mine/withdraw-way?type=${type}`)}
    >
      +
    </button>
  )

  let body
  if (methods.isPending) body = <PageLoading />
  else if (methods.isError) body = <LoadFailed onRetry={() => void methods.refetch()} />
  else if (methods.data.length === 0)
    body = (
      <p className="list-empty" data-testid="payout-empty">
        {t('wallet.empty')}
      </p>
    )
  else
    body = (
      <ul className="money-cards" data-testid="payout-list">
        {methods.data.map((method) => (
          <li key={method.id} className="money-card" data-testid="payout-item">
            <div className="money-card-body">
              <div className="money-card-title">{currencyLabel(method.draw_currency)}</div>
              <MethodLines method={method} />
              {method.remark && <div className="money-card-line">{method.remark}</div>}
            </div>
            <button
              type="button"
              className="money-icon-button money-icon-button-danger"
              data-testid="payout-delete"
              onClick={() => void remove(method)}
            >
              {t('wallet.delete')}
            </button>
          </li>
        ))}
      </ul>
    )

  return (
    <Page title={title} backTo="/mine/wallet" right={add}>
      {body}
    </Page>
  )
}
