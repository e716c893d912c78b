import { homeRegion, isLanguageCode, DEFAULT_LANGUAGE, type LoginType } from '@tp/contracts/light'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useAreaList, useMobileAllowed } from './use-auth-settings.ts'

interface Options {
  /** Called when the user switches between e-mail and mobile (not when the same mode is picked again). */
  onSwitch?: () => void
}

/** E-mail or mobile sign-in, with the area list loaded only when phones are allowed. */
export function useAccountMode({ onSwitch }: Options = {}) {
  const { i18n } = useTranslation()
  const mobileAllowed = useMobileAllowed()
  const [chosenMode, setChosenMode] = useState<LoginType>('email')
  const areaList = useAreaList(mobileAllowed)
  const [chosenAreaId, setAreaId] = useState<number>()
  const areas = areaList.data ?? []
  const mode: LoginType = mobileAllowed ? chosenMode : 'email'
  const language = isLanguageCode(i18n.language) ? i18n.language : DEFAULT_LANGUAGE
  const region = homeRegion(navigator.languages, language)
  return {
    mobileAllowed,
    mode,
    setMode(next: LoginType) {
      if (next !== mode) onSwitch?.()
      setChosenMode(next)
    },
    areas,
    // The reader's own country first (their browser's region, else the page language's home
    // country), as a phone's dialler would; the first area when the list lacks it.
    areaId: chosenAreaId ?? areas.find((area) => area.code === region)?.id ?? areas[0]?.id,
    setAreaId,
  }
}
