import { useLayoutEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useRouteError } from 'react-router'
import { RoundButton } from '../../common/components/round-button.tsx'
import { removeBootShell } from './remove-boot-shell.ts'

/** A screen that failed to load or render (typically a chunk lost after a new release): offer a reload. */
export function RouteError() {
  const { t } = useTranslation()
  console.debug('route error', useRouteError())
  useLayoutEffect(removeBootShell, [])
  return (
    <div className="notice-state notice-state-full" role="alert">
      <h2 className="notice-state-title">{t('common.errorTitle')}</h2>
      <p className="notice-state-text">{t('common.errorText')}</p>
      <RoundButton onClick={() => window.location.reload()}>{t('common.reload')}</RoundButton>
    </div>
  )
}
