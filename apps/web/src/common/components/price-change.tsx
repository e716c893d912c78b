import { changeDirection, formatPercent } from '../market/format.ts'

/** A percent change, green when up and red when down (the --rise and --fall colours). */
export function PriceChange({ change, className = '' }: { change: number; className?: string }) {
  return (
    <span className={`num change-${changeDirection(change)} ${className}`.trim()}>
      {formatPercent(change)}
    </span>
  )
}
