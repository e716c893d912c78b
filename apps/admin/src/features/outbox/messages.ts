/** The outbox page's texts; the type makes the Traditional Chinese hold every key. */
export const outboxEn = {
  'outbox.title': 'Outbox',
} as const

export const outboxHk: Record<keyof typeof outboxEn, string> = {
  'outbox.title': '發件箱',
}
