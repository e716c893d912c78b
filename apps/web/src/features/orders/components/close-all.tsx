import { useTranslation } from 'react-i18next'
import { closeAllPositions, type CloseAllChoice } from '../../../common/trading/orders-api.ts'
import { useOrderAction } from '../hooks/use-order-action.ts'

interface Props {
  /** After the closes: the lists and the account reload from the start. */
  onFinished: () => void
}

const CHOICES: readonly { choice: CloseAllChoice; key: string }[] = [
  { choice: 'all', key: 'orders.closeEvery' },
  { choice: 'profitable', key: 'orders.closeProfitable' },
  { choice: 'losing', key: 'orders.closeLosing' },
]

/**
 * "Close all" above the open positions, as MT5 and cTrader offer it: every position, those in
 * profit or those at a loss, each at its own market's price, in one command. The choice is the
 * confirmation: a dialog names what closes, and nothing happens until one is tapped.
 */
export function CloseAll({ onFinished }: Props) {
  const { t } = useTranslation()
  const action = useOrderAction()

  async function open() {
    if (action.busy) return
    // The dialog (antd-mobile) comes with the first tap: most visits to /order never close all.
    const { Dialog } = await import('../../../common/lib/antd-dialog.ts')
    let chosen: CloseAllChoice | null = null
    await new Promise<void>((resolve) => {
      Dialog.show({
        title: t('orders.closeAllTitle'),
        content: t('orders.closeAllHint'),
        closeOnAction: true,
        closeOnMaskClick: true,
        afterClose: resolve,
        actions: [
          ...CHOICES.map(({ choice, key }) => ({
            key: choice,
            text: <span data-testid={`close-all-${choice}`}>{t(key)}</span>,
            danger: choice === 'all',
            onClick: () => {
              chosen = choice
            },
          })),
          { key: 'cancel', text: t('common.back') },
        ],
      })
    })
    if (chosen === null) return
    const choice: CloseAllChoice = chosen
    await action.run(() => closeAllPositions(choice))
    onFinished()
  }

  return (
    <div className="close-all">
      <button
        type="button"
        className="close-all-button"
        data-testid="close-all"
        disabled={action.busy}
        onClick={() => void open()}
      >
        {t('orders.closeAll')}
      </button>
    </div>
  )
}
