import type { ReactNode } from 'react'
import { App } from 'antd'
import type { ButtonProps } from 'antd'
import { useT } from '../../../shared/i18n/i18n.tsx'

interface Step<R> {
  title: ReactNode
  content: ReactNode
  okText: string
  danger?: boolean
  /** The call; a refusal shows the server's message and leaves the list as it was. */
  run: () => Promise<R>
  done: (result: R) => void
}

/** A confirmation before a change of access: the call runs on OK, its refusal is said. */
export function useConfirm() {
  const t = useT()
  const { modal, message } = App.useApp()
  return function confirm<R>(step: Step<R>) {
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
        }
      },
    })
  }
}
