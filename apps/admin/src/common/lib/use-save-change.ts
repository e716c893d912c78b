import { App } from 'antd'
import { useState } from 'react'
import { useT } from '../i18n/i18n.tsx'
import { waitingNotice } from './waiting-notice.ts'

/**
 * Saving a change from a drawer or a dialog: `saving` while the call runs, the server's refusal
 * kept on screen with the form as typed (and said in a toast too with `toastRefusal`, for forms
 * whose alert may be scrolled away), and a change that waits for a second administrator (issue 22)
 * said so instead of the success.
 */
export function useSaveChange({ toastRefusal = false }: { toastRefusal?: boolean } = {}) {
  const t = useT()
  const { message } = App.useApp()
  const [saving, setSaving] = useState(false)
  const [refusal, setRefusal] = useState<string>()

  /**
   * Runs `call`; once the change is made (or waits for approval) says `success` (a text, or a
   * function of the answer that says what it will) and runs `after` (close, reset, read again).
   */
  async function save<Answer>(
    call: () => Promise<Answer>,
    success: string | ((answer: Answer) => void),
    after: () => unknown,
  ): Promise<void> {
    setSaving(true)
    setRefusal(undefined)
    try {
      const answer = await call()
      const waiting = waitingNotice(t, answer)
      if (waiting) message.info(waiting, 8)
      else if (typeof success === 'string') message.success(success)
      else success(answer)
      await after()
    } catch (error) {
      setRefusal((error as Error).message)
      if (toastRefusal) message.error((error as Error).message)
    } finally {
      setSaving(false)
    }
  }

  return { saving, refusal, setRefusal, save }
}
