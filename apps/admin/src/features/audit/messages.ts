/** The audit log page's texts; the type makes the Traditional Chinese hold every key. */
export const auditEn = {
  'audit.title': 'Audit log',
} as const

export const auditHk: Record<keyof typeof auditEn, string> = {
  'audit.title': '審計日誌',
}
