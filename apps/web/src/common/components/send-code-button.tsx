import { Button } from 'antd-mobile'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useCountdown } from '../hooks/use-countdown.ts'

interface Props {
  /** Sends the code; resolves true when the server accepted it. */
  onSend: () => Promise<boolean>
  testId: string
}

/** The one send-code button: disabled while sending and for 60 s after a successful send. */
export function SendCodeButton({ onSend, testId }: Props) {
  const { t } = useTranslation()
  const { remaining, running, start } = useCountdown()
  const [sending, setSending] = useState(false)

  async function handleClick() {
    if (sending || running) return
    setSending(true)
    try {
      if (await onSend()) start()
    } finally {
      setSending(false)
    }
  }

  return (
    <Button
      className="send-code-button"
      size="small"
      color="primary"
      fill="none"
      data-testid={testId}
      disabled={running}
      loading={sending}
      onClick={handleClick}
    >
      {running ? t('auth.resendIn', { seconds: remaining }) : t('auth.sendCode')}
    </Button>
  )
}
