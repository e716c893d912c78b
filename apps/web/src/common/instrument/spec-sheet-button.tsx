import type { Instrument } from '@tp/contracts/light'
import { lazy, Suspense, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { loadMessagePart } from '../i18n/i18n.ts'
import { InfoIcon } from './info-icon.tsx'
import './favourite-star.css'

/** The sheet (antd-mobile's Popup and its texts, the trading part) loads on the first tap only. */
const SpecSheet = lazy(() =>
  Promise.all([import('./spec-sheet.tsx'), loadMessagePart('trading')]).then(([module]) => ({
    default: module.SpecSheet,
  })),
)

/** The "i" button that opens an instrument's specification sheet. */
export function SpecSheetButton({
  instrument,
  className = '',
}: {
  instrument: Instrument
  className?: string
}) {
  const { t } = useTranslation()
  const [state, setState] = useState<'unused' | 'open' | 'closed'>('unused')
  return (
    <>
      <button
        type="button"
        className={`spec-button ${className}`.trim()}
        aria-haspopup="dialog"
        aria-label={t('spec.open', { code: instrument.ShowCode })}
        data-testid="spec-open"
        onClick={() => setState('open')}
      >
        <InfoIcon />
      </button>
      {state !== 'unused' && (
        <Suspense fallback={null}>
          <SpecSheet instrument={instrument} open={state === 'open'} onClose={() => setState('closed')} />
        </Suspense>
      )}
    </>
  )
}
