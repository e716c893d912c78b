/** The users page's texts; the type makes the Traditional Chinese hold every key. */
export const usersEn = {
  'users.title': 'Users',
} as const

export const usersHk: Record<keyof typeof usersEn, string> = {
  'users.title': '用戶',
}
