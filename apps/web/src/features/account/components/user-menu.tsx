import type { ChatUnread } from '@tp/contracts/light'
import { useQuery } from '@tanstack/react-query'
import { Badge, List } from 'antd-mobile'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { api } from '../../../common/api-client.ts'
import { useBasicInfo } from '../../../common/api/basic-info.ts'
import { currentLanguage } from '../../../common/i18n/i18n.ts'
import { realtime } from '../../../common/realtime.ts'
import { useSession } from '../../../common/session/session-store.ts'
import { useRealAccountLink } from '../hooks/use-real-account-link.ts'
import { PressableList } from '../../../common/components/pressable-list.tsx'

/** The user-centre entries of docs/product.md "Screens", in its order; `realOnly` ones are closed to demo accounts. */
const ENTRIES = [
  { key: 'wallet', path: '/mine/wallet', realOnly: true },
  { key: 'realName', path: '/mine/auth', realOnly: true },
  { key: 'invite', path: '/mine/invite', realOnly: true },
  { key: 'password', path: '/mine/password', realOnly: true },
  { key: 'security', path: '/mine/security', realOnly: true },
  { key: 'alerts', path: '/mine/alerts', realOnly: false },
  // Customer service follows service_link_type (ServiceEntry); open to demo accounts too.
  { key: 'service', path: '/mine/chat', realOnly: false },
  { key: 'complaintEmail', path: '/mine/email', realOnly: false },
  { key: 'feedback', path: '/feedback?from=%2Fuser', realOnly: false },
  { key: 'announcement', path: '/mine/announcement', realOnly: false },
  { key: 'language', path: '/language', realOnly: false },
  { key: 'system', path: '/mine/system', realOnly: false },
] as const

export function UserMenu() {
  const { t } = useTranslation()
  const open = useRealAccountLink()
  const openService = useServiceEntry()
  const unread = useChatUnread()
  return (
    <PressableList>
      <List className="menu-list" mode="card">
        {ENTRIES.map((entry) =>
          entry.key === 'service' ? (
            <List.Item
              key={entry.key}
              data-testid="menu-service"
              onClick={openService}
              extra={
                unread > 0 ? <Badge content={unread > 99 ? '99+' : unread} data-testid="chat-unread" /> : null
              }
            >
              {t('user.menu.service')}
            </List.Item>
          ) : (
            <List.Item
              key={entry.key}
              data-testid={`menu-${entry.key}`}
              onClick={() => open(entry.path, entry.realOnly)}
            >
              {t(`user.menu.${entry.key}`)}
            </List.Item>
          ),
        )}
      </List>
    </PressableList>
  )
}

/**
 * docs/product.md: service_link_type 3 opens the chat outside the app (now, in the tap, so no pop-up
 * blocker stops it); 2 (the link to copy) and the in-app frame are both shown by /mine/chat.
 */
function useServiceEntry() {
  const navigate = useNavigate()
  const basic = useBasicInfo()
  const user = useSession((state) => state.user)
  return () => {
    const link = basic.data?.service_link ?? ''
    if (basic.data?.service_link_type === 3 && user && link.trim() !== '') {
      const address = externalAddress(link, user.uid, user.email)
      if (address) {
        window.open(address, '_blank', 'noopener,noreferrer')
        return
      }
    }
    navigate('/mine/chat')
  }
}

/** The service link with the chat's query (as /mine/chat builds it); undefined unless a web address. */
function externalAddress(link: string, uid: string, email: string | null): string | undefined {
  try {
    const url = new URL(link.trim(), window.location.origin)
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined
    url.searchParams.set('client_id', uid)
    url.searchParams.set('name', email || 'Demo')
    url.searchParams.set('email', email ?? '')
    url.searchParams.set('lang', currentLanguage())
    return url.toString()
  } catch {
    return undefined
  }
}

/** Staff replies not read yet, fetched on every visit and again whenever the socket brings a chat message. */
function useChatUnread(): number {
  const token = useSession((state) => state.token)
  const unread = useQuery({
    queryKey: ['chat-unread', token],
    enabled: token !== null,
    refetchOnMount: 'always',
    queryFn: ({ signal }) => api.get<ChatUnread>('/api/chat/unread', { silent: true, signal }),
  })
  const { refetch } = unread
  useEffect(
    () =>
      realtime.listen('CHAT', () => {
        void refetch()
      }),
    [refetch],
  )
  return unread.data?.count ?? 0
}
