import type { UserInfo } from '@tp/contracts/light'
import { Tag } from 'antd-mobile'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { EyeIcon, EyeOffIcon } from '../../../common/components/icons.tsx'
import { formatAmount } from '../../../common/lib/money.ts'
import { readStorage, StorageKey, writeStorage } from '../../../common/lib/storage.ts'
import { isDemoUser } from '../../../common/session/session-store.ts'

interface Props {
  user: UserInfo
  onOpen: () => void
}

const HIDDEN_BALANCE = '******'

/** The account card: label, uid and the balance, which the user may hide (remembered per device). */
export function UserCard({ user, onOpen }: Props) {
  const { t } = useTranslation()
  const [hidden, setHidden] = useState(() => readStorage(StorageKey.HIDE_BALANCE) === '1')
  const demo = isDemoUser(user)
  const label = demo ? t('user.demoAccount') : (user.email ?? user.mobile ?? user.uid)

  function toggle() {
    setHidden((value) => {
      writeStorage(StorageKey.HIDE_BALANCE, value ? '0' : '1')
      return !value
    })
  }

  return (
    // docs/product.md: tapping anywhere on the card opens the history; the button inside is for keyboards
    // and screen readers, the eye toggle keeps its tap to itself.
    <section className="user-card" data-testid="user-card" onClick={onOpen}>
      <button
        type="button"
        className="user-card-main"
        onClick={(event) => {
          event.stopPropagation()
          onOpen()
        }}
      >
        <span className="user-avatar" aria-hidden="true">
          {label.slice(0, 1).toUpperCase()}
        </span>
        <span className="user-identity">
          <span className="user-label" data-testid="user-label">
            {label}
            {demo && (
              <Tag className="user-demo-tag" color="warning" fill="outline">
                {t('user.demo')}
              </Tag>
            )}
          </span>
          <span className="user-uid" data-testid="user-uid">
            {t('user.uid', { uid: user.uid })}
          </span>
        </span>
      </button>
      <div className="user-balance">
        <span className="user-balance-label">
          {t('user.balance')}
          <button
            type="button"
            className="user-balance-toggle"
            data-testid="balance-toggle"
            aria-label={hidden ? t('user.showBalance') : t('user.hideBalance')}
            onClick={(event) => {
              event.stopPropagation()
              toggle()
            }}
          >
            {hidden ? <EyeOffIcon /> : <EyeIcon />}
          </button>
        </span>
        <span className="user-balance-value" dir="ltr" data-testid="user-balance">
          {hidden ? HIDDEN_BALANCE : formatAmount(user.balance)}
        </span>
      </div>
    </section>
  )
}
