import { useSaveChange } from '../../../common/lib/use-save-change.ts'
import { useState } from 'react'
import { Alert, Modal, Select, Typography } from 'antd'
import type { ButtonProps } from 'antd'
import type { StaffItem } from '@tp/contracts/light'
import { useT } from '../../../common/i18n/i18n.tsx'
import { staffApi, type StaffRoleName } from '../../../common/api/staff-api.ts'
import { useRoleOptions } from './role-tag.tsx'

/** Changes a member's role; saying OK here is the confirmation. A refusal keeps the dialog open. */
export function RoleModal({
  member,
  onClose,
  onChanged,
}: {
  member: StaffItem
  onClose: () => void
  onChanged: () => void
}) {
  const t = useT()
  const [role, setRole] = useState<StaffRoleName>(member.role)
  const { saving, refusal, setRefusal, save: saveChange } = useSaveChange()
  const roles = useRoleOptions()

  async function save() {
    if (role === member.role) return setRefusal(t('staff.roleSame'))
    await saveChange(
      () => staffApi.setRole(member.id, role),
      t('staff.roleChanged', { name: member.name, role: t(`role.${role}`) }),
      onChanged,
    )
  }

  return (
    <Modal
      open
      title={t('staff.roleTitle', { name: member.name })}
      onCancel={onClose}
      onOk={() => void save()}
      okText={t('staff.changeRole')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: true, loading: saving, 'data-testid': 'staff-role-submit' } as ButtonProps}
      width={520}
    >
      <Typography.Paragraph type="secondary">{t('staff.roleHint')}</Typography.Paragraph>
      <Select
        data-testid="staff-role-select"
        value={role}
        onChange={setRole}
        options={roles}
        style={{ width: '100%' }}
      />
      {refusal && <Alert type="error" showIcon title={refusal} style={{ marginTop: 16 }} />}
    </Modal>
  )
}
