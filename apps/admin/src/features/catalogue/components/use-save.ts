import { useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { App } from 'antd'
import type { ButtonProps } from 'antd'
import { useT } from '../../../shared/i18n/i18n.tsx'

/**
 * Saving an edit of the money catalogue: behind a confirmation (users' money follows these rows),
 * the server's refusal kept on screen with the form as typed, the lists read again after success.
 */
export function useSave(onClose: () => void) {
  const t = useT()
  const { message, modal } = App.useApp()
  const client = useQueryClient()
  const [saving, setSaving] = useState(false)
  const [refusal, setRefusal] = useState<string | null>(null)

  async function run(call: () => Promise<unknown>) {
    setSaving(true)
    setRefusal(null)
    try {
      await call()
      message.success(t('catalogue.saved'))
      await client.invalidateQueries({ queryKey: ['catalogue'] })
      onClose()
    } catch (error) {
      setRefusal((error as Error).message)
      message.error((error as Error).message)
    } finally {
      setSaving(false)
    }
  }

  /** Asks first, then saves; nothing changed says so and sends nothing. */
  function confirmAndSave(change: object, title: string, content: string, call: () => Promise<unknown>) {
    if (Object.keys(change).length === 0) {
      message.info(t('catalogue.nothingChanged'))
      return
    }
    modal.confirm({
      title,
      content,
      okText: t('catalogue.save'),
      cancelText: t('common.cancel'),
      okButtonProps: { 'data-testid': 'confirm-ok' } as ButtonProps,
      onOk: () => run(call),
    })
  }

  return { saving, refusal, confirmAndSave }
}
