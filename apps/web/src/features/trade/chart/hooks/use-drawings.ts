import { useCallback, useState } from 'react'
import { MAX_DRAWINGS, newDrawingId, readDrawings, writeDrawings, type Drawing } from '../lib/drawings.ts'

type NewDrawing =
  Omit<Extract<Drawing, { kind: 'horizontal' }>, 'id'> | Omit<Extract<Drawing, { kind: 'trend' }>, 'id'>

/**
 * One instrument's drawn lines, as kept on the phone (drawings.ts): read once for the instrument
 * (the chart is keyed by it), written on every change. `add` is false when the instrument already
 * has MAX_DRAWINGS lines.
 */
export function useDrawings(code: string) {
  const [drawings, setDrawings] = useState<Drawing[]>(() => readDrawings(code))

  const save = useCallback(
    (next: Drawing[]) => {
      writeDrawings(code, next)
      setDrawings(next)
    },
    [code],
  )

  const add = useCallback(
    (drawing: NewDrawing): boolean => {
      const current = readDrawings(code)
      if (current.length >= MAX_DRAWINGS) return false
      save([...current, { ...drawing, id: newDrawingId(Date.now(), Math.random()) } as Drawing])
      return true
    },
    [code, save],
  )

  const remove = useCallback(
    (id: string) => save(readDrawings(code).filter((drawing) => drawing.id !== id)),
    [code, save],
  )

  return { drawings, add, remove }
}
