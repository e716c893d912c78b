import { useSaveChange } from '../../../common/lib/use-save-change.ts'
import { useQueryClient } from '@tanstack/react-query'
import { App } from 'antd'
import type { ButtonProps } from 'antd'
import { useT } from '../../../common/i18n/i18n.tsx'

/**
 * Saving an edit of the catalogue (useSaveChange, the refusal in a toast too), the catalogue's
 * lists read again after success (the engine and the phones take a change at once).
 * The money catalogue saves behind a confirmation (users' money follows these rows).
 */
export function useSave(onClose: () => void) {
  const t = useT()
  const { message, modal } = App.useApp()
  const client = useQueryClient()
  const change = useSaveChange({ toastRefusal: true })

  /** Saves at once; `success` is what the toast says (the generic "saved" without one). */
  function save(call: () => Promise<unknown>, success = t('catalogue.saved')) {
    // A fee, a swap or a higher leverage waits for a second administrator (issue 22).
    return change.save(call, success, async () => {
      await client.invalidateQueries({ queryKey: ['catalogue'] })
      onClose()
    })
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

  return { saving: change.saving, refusal: change.refusal, save, unchanged, confirmAndSave }
}
