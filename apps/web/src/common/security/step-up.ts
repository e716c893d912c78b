import { ApiError } from '../api-client.ts'

/** The refusal of a call that needs a fresh proof that it is the client (decision 047). */
const STEP_UP_REQUIRED = 'step_up_required'
/** Call options that leave that refusal to `withStepUp` (no toast). */
export const STEP_UP_QUIET = [STEP_UP_REQUIRED] as const

/**
 * Runs `call`; refused for want of a fresh proof (a withdrawal, a payout method, the second factor's
 * settings), asks the client for one in a sheet (loaded on first use) and runs it once more. A sheet
 * closed without a proof rejects with the first refusal.
 */
export async function withStepUp<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call()
  } catch (error) {
    if (!(error instanceof ApiError) || error.reason !== STEP_UP_REQUIRED) throw error
    const methods = String((error.data as { methods?: unknown } | null)?.methods ?? 'password').split(',')
    const { askStepUp } = await import('./step-up-sheet.tsx')
    if (!(await askStepUp(methods))) throw error
    return call()
  }
}
