/** The catalogue page's texts; the type makes the Traditional Chinese hold every key. */
export const catalogueEn = {
  'catalogue.title': 'Catalogue',
} as const

export const catalogueHk: Record<keyof typeof catalogueEn, string> = {
  'catalogue.title': '產品目錄',
}
