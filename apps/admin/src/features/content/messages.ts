/** The news and companies page's texts; the type makes the Traditional Chinese hold every key. */
export const contentEn = {
  'content.title': 'News and companies',
} as const

export const contentHk: Record<keyof typeof contentEn, string> = {
  'content.title': '新聞與合作公司',
}
