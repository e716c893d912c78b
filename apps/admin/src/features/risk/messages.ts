/** The risk page's texts; the type makes the Traditional Chinese hold every key. */
export const riskEn = {
  'risk.title': 'Risk',
} as const

export const riskHk: Record<keyof typeof riskEn, string> = {
  'risk.title': '風險概覽',
}
