import type { Instrument } from '@tp/contracts/light'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { LogoImage } from '../components/logo-image.tsx'
import { instrumentName } from '../market/instrument-name.ts'

/** The head of an instrument's sheet (spec, quick trade): logo, code, name, extra buttons, close. */
export function SheetHead({
  instrument,
  onClose,
  children,
}: {
  instrument: Instrument
  onClose: () => void
  /** Buttons before the close button. */
  children?: ReactNode
}) {
  const { t } = useTranslation()
  return (
    <header className="spec-head">
      <LogoImage src={instrument.Logo} name={instrument.ShowCode} size={32} />
      <div className="spec-head-name">
        <h2>
          <bdi>{instrument.ShowCode}</bdi>
        </h2>
        <bdi className="spec-head-sub">{instrumentName(instrument)}</bdi>
      </div>
      {children}
      <button type="button" className="sheet-close" aria-label={t('spec.close')} onClick={onClose}>
        ×
      </button>
    </header>
  )
}
