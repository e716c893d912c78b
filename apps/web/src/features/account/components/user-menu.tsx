import { List } from 'antd-mobile'
import { useTranslation } from 'react-i18next'
import { useRealAccountLink } from '../hooks/use-real-account-link.ts'

/** The user-centre entries of SPEC.md section 2, in its order; `realOnly` ones are closed to demo accounts. */
const ENTRIES = [
  { key: 'wallet', path: '/mine/wallet', realOnly: true },
  { key: 'realName', path: '/mine/auth', realOnly: true },
  { key: 'invite', path: '/mine/invite', realOnly: true },
  { key: 'password', path: '/mine/password', realOnly: true },
  // Customer service: the chat issue decides between in-app chat, a copyable or an external link.
  { key: 'service', path: '/mine/chat', realOnly: false },
  { key: 'complaintEmail', path: '/mine/email', realOnly: false },
  { key: 'announcement', path: '/mine/announcement', realOnly: false },
  { key: 'language', path: '/language', realOnly: false },
  { key: 'system', path: '/mine/system', realOnly: false },
] as const

export function UserMenu() {
  const { t } = useTranslation()
  const open = useRealAccountLink()
  return (
    <List className="menu-list" mode="card">
      {ENTRIES.map((entry) => (
        <List.Item
          key={entry.key}
          data-testid={`menu-${entry.key}`}
          onClick={() => open(entry.path, entry.realOnly)}
        >
          {t(`user.menu.${entry.key}`)}
        </List.Item>
      ))}
    </List>
  )
}
