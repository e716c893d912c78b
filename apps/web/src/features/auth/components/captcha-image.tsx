import type { Captcha } from '@tp/contracts/light'
import { SpinLoading } from 'antd-mobile'
import { useTranslation } from 'react-i18next'

interface Props {
  captcha: Captcha | undefined
  loading: boolean
  onRefresh: () => void
  testId: string
}

/** The captcha picture beside its input; tapping it loads a new one. */
export function CaptchaImage({ captcha, loading, onRefresh, testId }: Props) {
  const { t } = useTranslation()
  // Only data URLs: the picture comes inline from the API, never from another host.
  const source = captcha?.b64s.startsWith('data:image/') ? captcha.b64s : undefined
  return (
    <button
      type="button"
      className="captcha-button"
      data-testid={testId}
      aria-label={t('auth.captchaRefresh')}
      title={t('auth.captchaRefresh')}
      onClick={onRefresh}
    >
      {loading || !source ? (
        <SpinLoading style={{ '--size': '18px' }} />
      ) : (
        <img src={source} alt={t('auth.captchaAlt')} />
      )}
    </button>
  )
}
