/** The settings page's texts; the type makes the Traditional Chinese hold every key. */
export const settingsEn = {
  'settings.title': 'Settings',
} as const

export const settingsHk: Record<keyof typeof settingsEn, string> = {
  'settings.title': '系統設定',
}
