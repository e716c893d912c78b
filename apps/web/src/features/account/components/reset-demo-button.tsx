import { useQueryClient } from '@tanstack/react-query'
import { Button } from 'antd-mobile'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Dialog } from '../../../common/lib/antd-dialog.ts'
import { toastSuccess } from '../../../common/lib/toast.ts'
import { resetDemoAccount } from '../api/account-api.ts'

/** docs/product.md "Screens" and "Roles": a demo account may start over, after a confirmation. */
export function ResetDemoButton() {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const [busy, setBusy] = useState(false)

  async function reset() {
    const confirmed = await Dialog.confirm({
      content: t('demoReset.confirm'),
      // A test id inside the button text, since Dialog.confirm takes no props for its buttons.
      confirmText: <span data-testid="reset-demo-confirm">{t('demoReset.action')}</span>,
      cancelText: t('common.cancel'),
    })
    if (!confirmed) return
    setBusy(true)
    try {
      const result = await resetDemoAccount()
      toastSuccess(result.msg)
      // Balance, orders and the account summary all changed.
      await queryClient.invalidateQueries()
    } catch {
      // The API client has shown the server's message.
    } finally {
      setBusy(false)
    }
  }

  return (
    <Button
      block
      fill="outline"
      shape="rounded"
      className="reset-demo-button"
      data-testid="user-reset-demo"
      loading={busy}
      onClick={() => void reset()}
    >
      {t('demoReset.button')}
    </Button>
  )
}
