import { Tag } from 'antd'
import type { ReviewStatusValue } from '@tp/contracts/light'
import { useT } from '../i18n/i18n.tsx'

const IDENTITY_COLOURS = { 0: 'default', 1: 'gold', 2: 'green' } as const

export function IdentityTag({ status }: { status: ReviewStatusValue }) {
  const t = useT()
  return (
    <Tag color={IDENTITY_COLOURS[status]} data-testid="user-identity">
      {t(`users.identity.${status}`)}
    </Tag>
  )
}

export function DemoTag({ demo }: { demo: 0 | 1 }) {
  const t = useT()
  return demo ? <Tag color="blue">{t('users.demo')}</Tag> : null
}

export function DisabledTag({ disabled, showActive = false }: { disabled: boolean; showActive?: boolean }) {
  const t = useT()
  if (disabled)
    return (
      <Tag color="red" data-testid="user-disabled">
        {t('users.disabled')}
      </Tag>
    )
  return showActive ? <Tag color="green">{t('users.active')}</Tag> : null
}

/** Signed money: green above zero, red below, with the sign written. */
export function SignedUsd({ value, testId }: { value: string | number; testId?: string }) {
  const number = Number(value)
  const colour = number > 0 ? '#389e0d' : number < 0 ? '#cf1322' : undefined
  const text = Math.abs(number).toLocaleString('en-US', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  })
  const sign = number > 0 ? '+' : number < 0 ? '−' : ''
  return (
    <span
      style={{ color: colour, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
      data-testid={testId}
    >
      {sign}
      {text} USD
    </span>
  )
}
