import { waitingNotice } from '../../../shared/lib/waiting-notice.ts'
import { useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { App } from 'antd'
import type { ButtonProps } from 'antd'
import { useT } from '../../../shared/i18n/i18n.tsx'

/**
 * Saving an edit of the catalogue: the server's refusal kept on screen with the form as typed, the
 * catalogue's lists read again after success (the engine and the phones take a change at once).
 * The money catalogue saves behind a confirmation (users' money follows these rows).
 */
export function useSave(onClose: () => void) {
  const t = useT()
  const { message, modal } = App.useApp()
  const client = useQueryClient()
  const [saving, setSaving] = useState(false)
  const [refusal, setRefusal] = useState<string | null>(null)

  /** Saves at once; `success` is what the toast says (the generic "saved" without one). */
  async function save(call: () => Promise<unknown>, success = t('catalogue.saved')) {
    setSaving(true)
    setRefusal(null)
    try {
      // A fee, a swap or a higher leverage waits for a second administrator (issue 22).
      const waiting = waitingNotice(t, await call())
      if (waiting) message.info(waiting, 8)
      else message.success(success)
      await client.invalidateQueries({ queryKey: ['catalogue'] })
      onClose()
    } catch (error) {
      setRefusal((error as Error).message)
      message.error((error as Error).message)
    } finally {
      setSaving(false)
    }
  }

  /** True, after saying so, when `change` has nothing to send. */
  function unchanged(change: object): boolean {
    if (Object.keys(change).length > 0) return false
    message.info(t('catalogue.nothingChanged'))
    return true
  }

  /** Asks first, then saves; nothing changed says so and sends nothing. */
  function confirmAndSave(change: object, title: string, content: string, call: () => Promise<unknown>) {
    if (unchanged(change)) return
    modal.confirm({
      title,
      content,
      okText: t('catalogue.save'),
      cancelText: t('common.cancel'),
      okButtonProps: { 'data-testid': 'confirm-ok' } as ButtonProps,
      onOk: () => save(call),
    })
  }

  return { saving, refusal, save, unchanged, confirmAndSave }
}
