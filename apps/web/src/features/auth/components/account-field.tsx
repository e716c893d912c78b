import type { AreaCode, LoginType } from '@tp/contracts/light'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { TextField } from '../../../common/components/text-field.tsx'
import { AreaCodePicker } from './area-code-picker.tsx'
import { SegmentedChoice } from '../../../common/components/segmented-choice.tsx'

interface Props {
  mode: LoginType
  value: string
  onChange: (value: string) => void
  areas: AreaCode[]
  areaId: number | undefined
  onAreaChange: (areaId: number) => void
  /** Test id of the native input for each mode. */
  testIds: { email: string; mobile: string; area: string }
  suffix?: ReactNode
}

/** The e-mail field, or area code plus phone number in mobile mode. */
export function AccountField(props: Props) {
  const { t } = useTranslation()
  if (props.mode === 'mobile') {
    return (
      <TextField
        label={t('auth.mobile')}
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        maxLength={20}
        placeholder={t('auth.mobilePlaceholder')}
        value={props.value}
        onChange={props.onChange}
        testId={props.testIds.mobile}
        prefix={
          <AreaCodePicker
            areas={props.areas}
            value={props.areaId}
            onChange={props.onAreaChange}
            testId={props.testIds.area}
          />
        }
        suffix={props.suffix}
      />
    )
  }
  return (
    <TextField
      label={t('auth.email')}
      type="email"
      inputMode="email"
      autoComplete="email"
      maxLength={254}
      placeholder={t('auth.emailPlaceholder')}
      value={props.value}
      onChange={props.onChange}
      testId={props.testIds.email}
      suffix={props.suffix}
    />
  )
}

/** E-mail / mobile switch, shown only when the site allows phone numbers. */
export function AccountModeSwitch({
  mode,
  onChange,
}: {
  mode: LoginType
  onChange: (mode: LoginType) => void
}) {
  const { t } = useTranslation()
  return (
    <SegmentedChoice
      name="account-mode"
      className="mode-switch"
      value={mode}
      onChange={onChange}
      options={[
        { value: 'email', label: t('auth.email') },
        { value: 'mobile', label: t('auth.mobile') },
      ]}
      testIdPrefix="account-mode"
    />
  )
}
