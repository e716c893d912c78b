import { useCallback, useState } from 'react'

/** Form values as one object, with a setter per field: `set('email')(value)`. */
export function useFields<T extends Record<string, string>>(initial: T) {
  const [values, setValues] = useState<T>(initial)
  const set = useCallback(
    (field: keyof T) => (value: string) => setValues((current) => ({ ...current, [field]: value })),
    [],
  )
  return { values, set, setValues }
}
