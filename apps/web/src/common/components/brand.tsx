import { useTranslation } from 'react-i18next'
import { useBasicInfo } from '../api/basic-info.ts'

/** The brand: the site title from the server's settings, else the app's translated name. */
export function useBrandName(): string {
  const { t } = useTranslation()
  const title = useBasicInfo().data?.site_title?.trim()
  return title || t('app.name')
}

export function BrandMark({ size = 44 }: { size?: number }) {
  return (
    <svg className="brand-mark" width={size} height={size} viewBox="0 0 48 48" aria-hidden="true">
      <defs>
        <linearGradient id="brand-gradient" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#3d7bff" />
          <stop offset="1" stopColor="#0b1f3a" />
        </linearGradient>
      </defs>
      <rect width="48" height="48" rx="14" fill="url(#brand-gradient)" />
      <path
        d="M11 31l8-8 6 5 12-13"
        fill="none"
        stroke="#fff"
        strokeWidth="3.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="37" cy="15" r="3" fill="#35d39a" />
    </svg>
  )
}
