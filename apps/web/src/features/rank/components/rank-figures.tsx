import type { ReactNode } from 'react'
import { formatProfit, formatRate, formatShare, signOf } from '../lib/figures.ts'

/** A signed rate in the rise or fall colour, digits kept left to right. */
export function Rate({ value, className = '' }: { value: number; className?: string }) {
  return <span className={`num change-${signOf(value)} ${className}`.trim()}>{formatRate(value)}</span>
}

/** Signed USD in the rise or fall colour. */
export function Profit({ value }: { value: number }) {
  return <span className={`num change-${signOf(value)}`}>{formatProfit(value)}</span>
}

export function Share({ value }: { value: number }) {
  return <span className="num">{formatShare(value)}</span>
}

/** A leverage multiple as traders write it: 10x. */
export function Multiple({ value }: { value: number }) {
  return <span className="num">{value > 0 ? `${value}x` : '--'}</span>
}

/** A plain number or code, isolated left to right. */
export function Plain({ children }: { children: ReactNode }) {
  return <span className="num">{children === '' ? '--' : children}</span>
}

/** One labelled figure of a grid. */
export function Figure({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="rank-figure" data-testid={testId}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  )
}

/** The tag that marks a demo account (play money, house demo traders included). */
export function DemoTag({ label }: { label: string }) {
  return (
    <span className="rank-demo-tag" data-testid="rank-demo-tag">
      {label}
    </span>
  )
}
