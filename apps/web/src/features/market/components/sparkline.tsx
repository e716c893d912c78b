import { memo, useMemo } from 'react'
import type { Direction } from '../../../common/market/format.ts'
import { sparklinePaths } from '../lib/sparkline-path.ts'

const WIDTH = 64
const HEIGHT = 26

interface Props {
  closes: readonly number[] | undefined
  direction: Direction
}

/** A small area chart of recent closes, drawn as plain SVG (no chart library on the home screen). */
export const Sparkline = memo(function Sparkline({ closes, direction }: Props) {
  const paths = useMemo(() => (closes ? sparklinePaths(closes, WIDTH, HEIGHT, 2) : null), [closes])
  return (
    <svg
      className={`sparkline sparkline-${direction}`}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      width={WIDTH}
      height={HEIGHT}
      aria-hidden="true"
      preserveAspectRatio="none"
    >
      {paths && (
        <>
          <path className="sparkline-area" d={paths.area} />
          <path className="sparkline-line" d={paths.line} />
        </>
      )}
    </svg>
  )
})
