import type { ButtonProps } from 'antd'
import { App } from 'antd'
import { useT } from '../../../common/i18n/i18n.tsx'
import { chatApi } from '../api/chat-api.ts'

/** Closing a conversation, behind a confirmation; a refusal shows the server's message. */
export function useCloseConversation() {
  const t = useT()
  const { modal, message } = App.useApp()
  /** `closed` runs once the server has closed it, `done` after the call either way. */
  return (userId: number, uid: string, closed: () => void, done: () => void) => {
    modal.confirm({
      title: t('chat.closeTitle'),
      content: (
        <>
          <b>{uid}</b>
          <br />
          {t('chat.closeContent')}
        </>
      ),
      okText: t('chat.close'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true, 'data-testid': 'chat-close-ok' } as ButtonProps,
      onOk: async () => {
        try {
          await chatApi.close(userId)
          closed()
          message.success(t('chat.closed'))
        } catch (error) {
          message.error((error as Error).message)
        } finally {
          done()
        }
      },
    })
  }
}
