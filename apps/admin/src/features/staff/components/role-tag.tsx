import { Tag } from 'antd'
import { useT } from '../../../common/i18n/i18n.tsx'
import type { StaffRoleName } from '../../../common/api/staff-api.ts'

export const ROLE_COLOURS = { admin: 'red', finance: 'green', dealer: 'blue', support: 'purple' } as const
export const ROLE_NAMES: readonly StaffRoleName[] = ['admin', 'finance', 'dealer', 'support']

export function RoleTag({ role }: { role: StaffRoleName }) {
  const t = useT()
  return <Tag color={ROLE_COLOURS[role]}>{t(`role.${role}`)}</Tag>
}

/** The roles as choices, each with what it may do. */
export function useRoleOptions() {
  const t = useT()
  return ROLE_NAMES.map((role) => ({
    value: role,
    label: `${t(`role.${role}`)} — ${t(`staff.roleDesc.${role}`)}`,
  }))
}
