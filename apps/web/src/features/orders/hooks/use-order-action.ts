import { useState } from 'react'
import { toastSuccess } from '../../../common/lib/toast.ts'

/**
 * One order call at a time from a control (save stops, close, cancel, ...): `run` ignores a second
 * tap while one is under way, shows the answer's message as a success toast and says whether it
 * was taken. A refusal has been shown by the API client.
 */
export function useOrderAction() {
  const [busy, setBusy] = useState(false)
  async function run(call: () => Promise<{ msg: string }>): Promise<boolean> {
    if (busy) return false
    setBusy(true)
    try {
      toastSuccess((await call()).msg)
      return true
    } catch {
      return false
    } finally {
      setBusy(false)
    }
  }
  return { busy, run }
}
