import { logoLines } from './logo-lines.ts'

/**
 * The badge the server would draw, from the code, when an instrument's logo is missing or fails to
 * load (offline). Loaded only then: it is not part of the first screen's code.
 */
export default function CodeBadge({ code, size }: { code: string; size: number }) {
  return (
    <svg className="logo-image" width={size} height={size} viewBox="0 0 64 64" aria-hidden="true">
      <circle cx="32" cy="32" r="31" style={{ fill: 'var(--brand-soft)' }} />
      <g
        style={{ fill: 'var(--brand-blue)' }}
        fontFamily="Arial,Helvetica,sans-serif"
        fontWeight="700"
        textAnchor="middle"
        dominantBaseline="central"
      >
        {logoLines(code).map((line) => (
          <text key={line.y} x="32" y={line.y} fontSize={line.size}>
            {line.text}
          </text>
        ))}
      </g>
    </svg>
  )
}
