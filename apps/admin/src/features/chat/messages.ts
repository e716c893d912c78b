/** The support chat page's texts; the type makes the Traditional Chinese hold every key. */
export const chatEn = {
  'chat.title': 'Support chat',
} as const

export const chatHk: Record<keyof typeof chatEn, string> = {
  'chat.title': '客服對話',
}
