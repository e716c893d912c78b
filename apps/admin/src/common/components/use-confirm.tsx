import type { ReactNode } from 'react'
import { App } from 'antd'
import type { ButtonProps } from 'antd'
import { useT } from '../i18n/i18n.tsx'

export interface ConfirmStep<R> {
  title: ReactNode
  content?: ReactNode
  okText: string
  danger?: boolean
  /** The call; a refusal shows the server's message and leaves the screen as it was. */
  run: () => Promise<R>
  done: (result: R) => void
  /** After the call either way (read the data again). */
  settled?: () => void
}

/** A confirmation before a change of money or access; the call runs on OK, its refusal is said. */
export function useConfirm() {
  const t = useT()
  const { modal, message } = App.useApp()
  return function confirm<R>(step: ConfirmStep<R>) {
    modal.confirm({
      title: step.title,
      content: step.content,
      okText: step.okText,
      cancelText: t('common.cancel'),
      okButtonProps: { danger: step.danger, 'data-testid': 'confirm-ok' } as ButtonProps,
      width: 480,
      onOk: async () => {
        try {
          step.done(await step.run())
        } catch (error) {
          message.error((error as Error).message)
        } finally {
          step.settled?.()
        }
      },
    })
  }
}
