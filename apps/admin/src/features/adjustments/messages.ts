/** The adjustments page's texts; the type makes the Traditional Chinese hold every key. */
export const adjustmentsEn = {
  'adjustments.title': 'Adjustments',
} as const

export const adjustmentsHk: Record<keyof typeof adjustmentsEn, string> = {
  'adjustments.title': '餘額調整',
}
