import { useTranslation } from 'react-i18next'
import { isDemoUser, useSession } from '../session/session-store.ts'

/**
 * Demo or Real, on the screens that show prices and trades (market, trade, orders), so that nobody
 * places a real order believing it is play money, or the other way round. Nothing for a visitor.
 */
export function AccountKindTag() {
  const { t } = useTranslation()
  const user = useSession((state) => state.user)
  if (!user) return null
  const demo = isDemoUser(user)
  return (
    <span className={`account-kind account-kind-${demo ? 'demo' : 'real'}`} data-testid="account-kind">
      {demo ? t('accountKind.demo') : t('accountKind.real')}
    </span>
  )
}
