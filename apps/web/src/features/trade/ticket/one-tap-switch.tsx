import { useTranslation } from 'react-i18next'
import { Dialog } from '../../../common/lib/antd-dialog.ts'
import { TicketSwitch } from './ticket-switch.tsx'
import { useOneTap } from './ticket-settings.ts'

/**
 * One-tap trading, off by default: switched on, SELL and BUY on /trade place a market order at
 * once, with the last lots and leverage and no stops. The first time, a dialog says so and asks.
 */
export function OneTapSwitch() {
  const { t } = useTranslation()
  const { on, warned, set } = useOneTap()

  async function change(next: boolean) {
    if (next && !warned) {
      const confirmed = await Dialog.confirm({
        title: t('ticket.oneTapWarningTitle'),
        content: t('ticket.oneTapWarning'),
        confirmText: t('ticket.oneTapConfirm'),
        cancelText: t('ticket.oneTapCancel'),
      })
      if (!confirmed) return
    }
    set(next)
  }

  return (
    <div className="one-tap-row">
      <span className="one-tap-text">
        <span className="one-tap-label">{t('ticket.oneTap')}</span>
        <span className="one-tap-hint">{t('ticket.oneTapHint')}</span>
      </span>
      <TicketSwitch
        checked={on}
        onChange={(next) => void change(next)}
        label={t('ticket.oneTap')}
        testId="ticket-one-tap"
      />
    </div>
  )
}
