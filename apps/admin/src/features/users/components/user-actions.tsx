import { useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { App, Button, Space } from 'antd'
import type { AdminUserDetail } from '@tp/contracts/light'
import { useT } from '../../../common/i18n/i18n.tsx'
import { useCan } from '../../../common/session/permissions.ts'
import { usersApi } from '../api/users-api.ts'
import { AdjustModal } from './adjust-modal.tsx'
import { SecondFactorResetModal } from './second-factor-reset-modal.tsx'
import { GroupModal } from './group-modal.tsx'
import { useConfirm } from '../../../common/components/use-confirm.tsx'

/**
 * What the signed-in role may do to this account: adjust its balance, move it to another client
 * group, disable or enable it, end its sessions, remove its second factor.
 */
export function UserActions({ user }: { user: AdminUserDetail }) {
  const t = useT()
  const can = useCan()
  const confirm = useConfirm()
  const { message } = App.useApp()
  const queryClient = useQueryClient()
  const [adjusting, setAdjusting] = useState(false)
  const [resetting, setResetting] = useState(false)
  const [moving, setMoving] = useState(false)
  const uid = user.uid
  const reread = () => {
    void queryClient.invalidateQueries({ queryKey: ['user', user.id] })
    void queryClient.invalidateQueries({ queryKey: ['users'] })
  }

  function toggle() {
    const disable = !user.disabled
    confirm({
      title: t(disable ? 'users.disableConfirm' : 'users.enableConfirm', { uid }),
      content: t(disable ? 'users.disableHint' : 'users.enableHint'),
      okText: t(disable ? 'users.disable' : 'users.enable'),
      danger: disable,
      run: () => (disable ? usersApi.disable(user.id) : usersApi.enable(user.id).then(() => null)),
      done: (answer) =>
        message.success(
          answer ? t('users.disabledDone', { count: answer.sessions_ended }) : t('users.enabledDone'),
        ),
      settled: reread,
    })
  }

  function revoke() {
    confirm({
      title: t('users.revokeConfirm', { uid }),
      content: t('users.revokeHint'),
      okText: t('users.revoke'),
      danger: true,
      run: () => usersApi.revokeSessions(user.id),
      done: (answer) => message.success(t('users.revoked', { count: answer.sessions_ended })),
      settled: reread,
    })
  }

  return (
    <Space>
      {can('adjustments.request') && !user.is_demo && (
        <Button type="primary" onClick={() => setAdjusting(true)} data-testid="user-adjust">
          {t('users.adjust')}
        </Button>
      )}
      {can('hedging.edit') && !user.is_demo && (
        <Button onClick={() => setMoving(true)} data-testid="user-move-group">
          {t('users.moveGroup')}
        </Button>
      )}
      {can('users.manage') && (
        <>
          <Button onClick={revoke} disabled={user.live_sessions === 0} data-testid="user-revoke">
            {t('users.revoke')}
          </Button>
          <Button danger={!user.disabled} onClick={toggle} data-testid="user-toggle">
            {t(user.disabled ? 'users.enable' : 'users.disable')}
          </Button>
          {user.second_factor.length > 0 && (
            <Button onClick={() => setResetting(true)} data-testid="user-second-factor-reset">
              {t('users.secondFactorReset')}
            </Button>
          )}
        </>
      )}
      <AdjustModal user={user} open={adjusting} onClose={() => setAdjusting(false)} />
      {/* Mounted only while open: a hidden second modal would take the Escape key of the first. */}
      {resetting && <SecondFactorResetModal user={user} onClose={() => setResetting(false)} />}
      {moving && <GroupModal user={user} onClose={() => setMoving(false)} onMoved={reread} />}
    </Space>
  )
}
