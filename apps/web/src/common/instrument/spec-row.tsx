import type { ReactNode } from 'react'

interface Props {
  label: string
  children: ReactNode
  testId?: string
  /** The value under its label, the sheet's whole width (a list of holidays), rather than beside it. */
  block?: boolean
}

/** A line of the specification sheet: what it is, and its value. */
export function Row({ label, children, testId, block = false }: Props) {
  return (
    <div className={block ? 'spec-row spec-row-block' : 'spec-row'} data-testid={testId}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  )
}

/** A figure set into a sentence stays in its own order in Arabic and Persian (a Unicode isolate). */
export const isolated = (text: string) => `\u2066${text}\u2069`
