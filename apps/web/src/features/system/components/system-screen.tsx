import { List } from 'antd-mobile'
import { useTranslation } from 'react-i18next'
import { Page } from '../../../common/components/page.tsx'
import { Dialog } from '../../../common/lib/antd-dialog.ts'
import { useLogout } from '../hooks/use-logout.ts'
import { ThemeSetting } from './theme-setting.tsx'
import { PressableList } from '../../../common/components/pressable-list.tsx'

/** /mine/system: the theme (system, light or dark) and the logout row, behind a confirmation. */
export function SystemScreen() {
  const { t } = useTranslation()
  const logout = useLogout()

  async function confirmLogout() {
    const confirmed = await Dialog.confirm({
      content: t('system.logoutConfirm'),
      // A test id inside the button text, since Dialog.confirm takes no props for its buttons.
      confirmText: <span data-testid="logout-confirm">{t('system.logout')}</span>,
      cancelText: t('common.cancel'),
    })
    if (confirmed) await logout()
  }

  return (
    <Page title={t('pages.system')} backTo="/user">
      <ThemeSetting />
      <PressableList>
        <List mode="card" className="menu-list">
          <List.Item
            data-testid="logout-row"
            className="logout-row"
            arrowIcon={false}
            onClick={() => void confirmLogout()}
          >
            {t('system.logout')}
          </List.Item>
        </List>
      </PressableList>
    </Page>
  )
}
