/*
 * The bounds of contracts' `password` schema (PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH), repeated
 * because importing them would pull that module's zod schemas into the bundle; validate.test.ts
 * fails if the two ever differ.
 */
export const PASSWORD_MIN_LENGTH = 8
export const PASSWORD_MAX_LENGTH = 64

/** The server's password rule (contracts' `password`): 8-64 characters, a letter and a digit. */
export function meetsPasswordRule(password: string): boolean {
  return (
    password.length >= PASSWORD_MIN_LENGTH &&
    password.length <= PASSWORD_MAX_LENGTH &&
    /[A-Za-z]/.test(password) &&
    /[0-9]/.test(password)
  )
}

/** The first problem of a new-password form as a translation key, or null when it may be sent. */
export function passwordFormProblem(fields: string[], password: string, repeat: string): string | null {
  if (fields.some((field) => field.trim() === '')) return 'auth.errors.fillCompletely'
  if (password !== repeat) return 'auth.errors.passwordMismatch'
  if (!meetsPasswordRule(password)) return 'auth.errors.passwordRule'
  return null
}
