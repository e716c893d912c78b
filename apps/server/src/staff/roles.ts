/** Staff roles and what each may do: one list, in the contracts (the back office reads it too). */
export {
  PERMISSIONS,
  STAFF_ROLES,
  can,
  isStaffRole,
  type Permission,
  type StaffRole,
} from '@tp/contracts/light'
