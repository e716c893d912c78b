import { waitingNotice } from '../../../common/lib/waiting-notice.ts'
import { App, Button, Space, Typography } from 'antd'
import type { StaffItem } from '@tp/contracts/light'
import { useT } from '../../../common/i18n/i18n.tsx'
import { staffApi } from '../../../common/api/staff-api.ts'
import { useConfirm } from '../../../common/components/use-confirm.tsx'

interface Props {
  member: StaffItem
  own: boolean
  onRole: () => void
  onChanged: () => void
}

/** A member's actions, each behind a confirmation; none on one's own row. */
export function StaffActions({ member, own, onRole, onChanged }: Props) {
  const t = useT()
  const { message } = App.useApp()
  const confirm = useConfirm()
  if (own) return <Typography.Text type="secondary">{t('staff.ownRow')}</Typography.Text>
  const name = member.name
  const done = (text: string) => () => {
    message.success(text)
    onChanged()
  }
  return (
    <Space size={4} wrap>
      <Button size="small" onClick={onRole} data-testid="staff-role">
        {t('staff.changeRole')}
      </Button>
      {member.disabled ? (
        <Button
          size="small"
          data-testid="staff-enable"
          onClick={() =>
            confirm({
              title: t('staff.enableTitle', { name }),
              content: t('staff.enableHint'),
              okText: t('staff.enable'),
              run: () => staffApi.enable(member.id),
              done: done(t('staff.enabledDone', { name })),
            })
          }
        >
          {t('staff.enable')}
        </Button>
      ) : (
        <Button
          size="small"
          danger
          data-testid="staff-disable"
          onClick={() =>
            confirm({
              title: t('staff.disableTitle', { name }),
              content: t('staff.disableHint'),
              okText: t('staff.disable'),
              danger: true,
              run: () => staffApi.disable(member.id),
              done: done(t('staff.disabledDone', { name })),
            })
          }
        >
          {t('staff.disable')}
        </Button>
      )}
      {member.totp_enabled && (
        <Button
          size="small"
          danger
          data-testid="staff-reset"
          onClick={() =>
            confirm({
              title: t('staff.resetTitle', { name }),
              content: t('staff.resetHint'),
              okText: t('staff.resetSecondFactor'),
              danger: true,
              run: () => staffApi.resetSecondFactor(member.id),
              done: (answer) => {
                const waiting = waitingNotice(t, answer)
                if (waiting) message.info(waiting, 8)
                else message.success(t('staff.resetDone', { name }))
                onChanged()
              },
            })
          }
        >
          {t('staff.resetSecondFactor')}
        </Button>
      )}
    </Space>
  )
}
