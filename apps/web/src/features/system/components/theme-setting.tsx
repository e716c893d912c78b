import { useTranslation } from 'react-i18next'
import { SegmentedChoice } from '../../../common/components/segmented-choice.tsx'
import { THEME_CHOICES } from '../../../common/theme/theme-choice.ts'
import { useThemeChoice } from '../hooks/use-theme-choice.ts'
import './theme-setting.css'

/** System, light or dark: applied at once, kept on this device. */
export function ThemeSetting() {
  const { t } = useTranslation()
  const [choice, setChoice] = useThemeChoice()
  return (
    <div className="theme-setting" data-testid="theme-setting">
      <SegmentedChoice
        name="theme"
        legend={t('theme.title')}
        className="theme-setting-choice"
        options={THEME_CHOICES.map((option) => ({ value: option, label: t(`theme.${option}`) }))}
        value={choice}
        onChange={setChoice}
        testIdPrefix="theme"
      />
    </div>
  )
}
