import { Button } from 'antd-mobile'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { useBasicInfo } from '../../../common/api/basic-info.ts'
import { LoadFailed } from '../../../common/components/load-failed.tsx'
import { Page } from '../../../common/components/page.tsx'
import { PageLoading } from '../../../common/components/page-loading.tsx'
import { currentLanguage } from '../../../common/i18n/i18n.ts'
import { copyText } from '../../../common/lib/clipboard.ts'
import { toastInfo, toastSuccess } from '../../../common/lib/toast.ts'
import { useSession } from '../../../common/session/session-store.ts'
import { useUserInfo } from '../../../common/session/use-user-info.ts'
import { chatAddress, chatMode, openOutside } from '../lib/chat-link.ts'
import './chat-screen.css'

/**
 * /mine/chat (docs/product.md "Chat"): the service link with the user's uid, e-mail and language,
 * in a full-height frame; service_link_type 2 shows the link to copy instead, and 3 opens it
 * outside the app.
 */
export function ChatScreen() {
  const { t } = useTranslation()
  const basic = useBasicInfo()
  const info = useUserInfo()
  const user = useSession((state) => state.user)
  const lang = currentLanguage()

  const address =
    basic.data && user
      ? chatAddress(basic.data.service_link, window.location.origin, {
          uid: user.uid,
          email: user.email,
          lang,
        })
      : undefined
  const mode = chatMode(basic.data?.service_link_type)

  let body
  if (basic.isError || (!user && info.isError))
    body = (
      <LoadFailed
        onRetry={() => {
          void basic.refetch()
          void info.refetch()
        }}
      />
    )
  else if (!basic.data || !user) body = <PageLoading />
  else if (!address)
    body = (
      <p className="chat-note" data-testid="chat-not-set">
        {t('chat.notSet')}
      </p>
    )
  else if (mode === 'copy') body = <CopyLink address={address} />
  else if (mode === 'external') body = <OpenedOutside address={address} />
  else
    body = (
      <iframe
        className="chat-frame"
        data-testid="chat-frame"
        title={t('chat.frameTitle')}
        src={address}
        // No sandbox: the platform's own chat page needs its scripts and this origin's storage (the
        // token), and a third-party chat gets what it would have in a tab of its own.
        allow="clipboard-write"
      />
    )

  return (
    <Page title={t('pages.chat')} backTo="/user" className="chat-screen">
      {body}
    </Page>
  )
}

function CopyLink({ address }: { address: string }) {
  const { t } = useTranslation()
  return (
    <div className="chat-copy" data-testid="chat-copy">
      <p className="chat-note">{t('chat.linkIntro')}</p>
      <p className="chat-link" dir="ltr" data-testid="chat-link">
        {address}
      </p>
      <Button
        block
        color="primary"
        shape="rounded"
        onClick={() =>
          void copyText(address).then((copied) =>
            copied ? toastSuccess(t('common.copied')) : toastInfo(t('common.copyFailed')),
          )
        }
      >
        {t('chat.copyLink')}
      </Button>
    </div>
  )
}

function OpenedOutside({ address }: { address: string }) {
  const { t } = useTranslation()
  const opened = useRef<string | undefined>(undefined)
  // Once per address (StrictMode runs effects twice); a blocked pop-up leaves the button below.
  useEffect(() => {
    if (opened.current === address) return
    opened.current = address
    openOutside(address)
  }, [address])
  return (
    <div className="chat-copy" data-testid="chat-external">
      <p className="chat-note">{t('chat.openedOutside')}</p>
      <Button block color="primary" shape="rounded" onClick={() => openOutside(address)}>
        {t('chat.openAgain')}
      </Button>
    </div>
  )
}
