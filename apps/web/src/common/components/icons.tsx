import type { SVGProps } from 'react'

/** Small line icons drawn here, so the app needs no icon font (1.5 px strokes on a 24 px grid). */
type IconProps = SVGProps<SVGSVGElement>

/** The frame every icon draws in; an icon kept beside its one lazy screen draws in it too. */
export function Svg({ children, ...props }: IconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="1em"
      height="1em"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.6}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      {...props}
    >
      {children}
    </svg>
  )
}

export const GlobeIcon = (p: IconProps) => (
  <Svg {...p}>
    <circle cx="12" cy="12" r="9" />
    <path d="M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z" />
  </Svg>
)

export const EyeIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
    <circle cx="12" cy="12" r="3" />
  </Svg>
)

export const EyeOffIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M3 3l18 18M10.6 5.1A10.8 10.8 0 0 1 12 5c6.4 0 10 7 10 7a17 17 0 0 1-3.2 4.1M6.6 6.6C3.9 8.4 2 12 2 12s3.6 7 10 7c1.8 0 3.4-.5 4.7-1.3M9.9 9.9a3 3 0 0 0 4.2 4.2" />
  </Svg>
)

export const MarketIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M3 17l5-5 4 3 8-8" />
    <path d="M15 7h5v5" />
  </Svg>
)

export const TradeIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M7 4v16M17 4v16" />
    <rect x="4.5" y="8" width="5" height="7" rx="1" />
    <rect x="14.5" y="6" width="5" height="9" rx="1" />
  </Svg>
)

export const OrdersIcon = (p: IconProps) => (
  <Svg {...p}>
    <rect x="5" y="3" width="14" height="18" rx="2" />
    <path d="M9 8h6M9 12h6M9 16h4" />
  </Svg>
)

export const RankIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M8 21V11M12 21V5M16 21v-7M4 21h16" />
  </Svg>
)

export const MineIcon = (p: IconProps) => (
  <Svg {...p}>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21c1.3-4 4.4-6 8-6s6.7 2 8 6" />
  </Svg>
)

export const ShieldIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M12 3l8 3v6c0 4.5-3.4 8-8 9-4.6-1-8-4.5-8-9V6l8-3z" />
    <path d="M9 12l2 2 4-4" />
  </Svg>
)

export const WarningIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M12 4l9 16H3l9-16z" />
    <path d="M12 10v4" />
    <path d="M12 17.5v.01" />
  </Svg>
)

export const SearchIcon = (p: IconProps) => (
  <Svg {...p}>
    <circle cx="11" cy="11" r="6.5" />
    <path d="M16 16l4.5 4.5" />
  </Svg>
)

export const NewsIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M5 5.5h11v13H6.5A1.5 1.5 0 0 1 5 17z" />
    <path d="M16 9h3v8.5a1 1 0 0 1-2 0V9" />
    <path d="M8 9h5M8 12h5M8 15h3" />
  </Svg>
)

export const ChevronBackIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M15 5l-7 7 7 7" />
  </Svg>
)

export const BellIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15z" />
    <path d="M10 20.5a2 2 0 0 0 4 0" />
  </Svg>
)
