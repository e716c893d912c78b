import {
  EMAIL_NOTICE_KINDS,
  noticeChannelLocked,
  type NoticeChannel,
  type NoticeKind,
  type NoticePref,
} from '@tp/contracts/light'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { LoadFailed } from '../../../common/components/load-failed.tsx'
import { Page } from '../../../common/components/page.tsx'
import { PageLoading } from '../../../common/components/page-loading.tsx'
import { fetchNoticePrefs, NOTICE_PREFS_QUERY, saveNoticePref } from '../../../common/notices/notices-api.ts'
import { pushState, turnOffPush, turnOnPush, type PushState } from '../../../common/notices/push-device.ts'
import './notice-settings.css'

/**
 * The kinds by what they are about (money and identity first: those e-mail carries too), in the
 * order a trader thinks of them.
 */
const GROUPS: { name: 'money' | 'trading' | 'support'; kinds: readonly NoticeKind[] }[] = [
  { name: 'money', kinds: EMAIL_NOTICE_KINDS },
  {
    name: 'trading',
    kinds: [
      'stop_out',
      'margin_call',
      'stop_loss',
      'trailing_stop',
      'take_profit',
      'pending_filled',
      'pending_expired',
      'pending_cancelled',
      'price_alert',
      'copy_stopped',
    ],
  },
  { name: 'support', kinds: ['support_reply'] },
]

/** This device's push: on or off, or why it cannot be (blocked, unsupported). */
function DevicePush() {
  const { t } = useTranslation()
  const [state, setState] = useState<PushState | 'failed' | undefined>()
  const [busy, setBusy] = useState(false)
  useEffect(() => {
    void pushState().then(setState)
  }, [])
  const change = async (turn: () => Promise<PushState>) => {
    setBusy(true)
    try {
      setState(await turn())
    } catch {
      setState('failed')
    } finally {
      setBusy(false)
    }
  }
  if (state === undefined) return null
  const on = state === 'on'
  return (
    <section className="notice-device" data-testid="push-device" data-state={state}>
      <div className="notice-device-row">
        <span>{t('notices.thisDevice')}</span>
        {(state === 'on' || state === 'off' || state === 'failed') && (
          <button
            type="button"
            className="notice-device-button"
            data-testid="push-toggle"
            disabled={busy}
            onClick={() => void change(on ? turnOffPush : turnOnPush)}
          >
            {on ? t('notices.turnOff') : t('notices.turnOn')}
          </button>
        )}
      </div>
      <p className="notice-device-state" role="status">
        {state === 'on' && t('notices.pushOn')}
        {state === 'off' && t('notices.pushOff')}
        {state === 'blocked' && t('notices.pushBlocked')}
        {state === 'unsupported' && t('notices.pushUnsupported')}
        {state === 'failed' && t('notices.pushFailed')}
      </p>
    </section>
  )
}

/**
 * /mine/notices/settings: which notices reach the user by push and by e-mail, per kind (e-mail only
 * for money and identity), and whether this device gets push at all. The inbox keeps every one.
 */
export function NoticeSettingsScreen() {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const prefs = useQuery({
    queryKey: [NOTICE_PREFS_QUERY],
    queryFn: ({ signal }) => fetchNoticePrefs(signal),
  })

  const choose = async (kind: NoticeKind, channel: NoticeChannel, on: boolean) => {
    const before = queryClient.getQueryData<NoticePref[]>([NOTICE_PREFS_QUERY])
    queryClient.setQueryData<NoticePref[]>([NOTICE_PREFS_QUERY], (list) =>
      list?.map((pref) => (pref.kind === kind ? { ...pref, [channel]: on } : pref)),
    )
    try {
      await saveNoticePref(kind, channel, on)
    } catch {
      queryClient.setQueryData([NOTICE_PREFS_QUERY], before)
    }
  }

  let body
  if (prefs.isPending) body = <PageLoading />
  else if (prefs.isError) body = <LoadFailed onRetry={() => void prefs.refetch()} />
  else {
    const byKind = new Map(prefs.data.map((pref) => [pref.kind, pref]))
    const toggle = (pref: NoticePref, channel: NoticeChannel) => {
      const on = pref[channel]
      if (on === null) return <span className="notice-pref-none" aria-hidden="true" />
      return (
        <input
          type="checkbox"
          role="switch"
          className="notice-switch"
          checked={on}
          // A second factor added or removed always reaches its owner (decision 047).
          disabled={noticeChannelLocked(pref.kind)}
          aria-label={`${t(`notices.kinds.${pref.kind}`)}: ${t(`notices.${channel}`)}`}
          data-testid={`pref-${pref.kind}-${channel}`}
          onChange={(event) => void choose(pref.kind, channel, event.target.checked)}
        />
      )
    }
    body = (
      <>
        <DevicePush />
        <p className="notice-settings-note">{t('notices.inboxKeepsAll')}</p>
        {GROUPS.map((group) => (
          <section key={group.name} className="notice-group" aria-labelledby={`notice-group-${group.name}`}>
            <div className="notice-group-head">
              <h2 id={`notice-group-${group.name}`}>{t(`notices.groups.${group.name}`)}</h2>
              <span>{t('notices.push')}</span>
              <span>{group.name === 'money' ? t('notices.email') : ''}</span>
            </div>
            <ul>
              {group.kinds.map((kind) => {
                const pref = byKind.get(kind)
                if (!pref) return null
                return (
                  <li key={kind} className="notice-pref">
                    <span>{t(`notices.kinds.${kind}`)}</span>
                    {toggle(pref, 'push')}
                    {toggle(pref, 'email')}
                  </li>
                )
              })}
            </ul>
          </section>
        ))}
      </>
    )
  }

  return (
    <Page title={t('notices.settings')} backTo="/mine/notices">
      {body}
    </Page>
  )
}
