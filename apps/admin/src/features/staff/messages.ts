/** The staff page's texts; the type makes the Traditional Chinese hold every key. */
export const staffEn = {
  'staff.title': 'Staff',
} as const

export const staffHk: Record<keyof typeof staffEn, string> = {
  'staff.title': '員工管理',
}
