import type { LoginType } from '@tp/contracts/light'
import { useState } from 'react'
import { useAreaList, useMobileAllowed } from './use-auth-settings.ts'

interface Options {
  /** Called when the user switches between e-mail and mobile (not when the same mode is picked again). */
  onSwitch?: () => void
}

/** E-mail or mobile sign-in, with the area list loaded only when phones are allowed. */
export function useAccountMode({ onSwitch }: Options = {}) {
  const mobileAllowed = useMobileAllowed()
  const [chosenMode, setChosenMode] = useState<LoginType>('email')
  const areaList = useAreaList(mobileAllowed)
  const [chosenAreaId, setAreaId] = useState<number>()
  const areas = areaList.data ?? []
  const mode: LoginType = mobileAllowed ? chosenMode : 'email'
  return {
    mobileAllowed,
    mode,
    setMode(next: LoginType) {
      if (next !== mode) onSwitch?.()
      setChosenMode(next)
    },
    areas,
    // The first area is preselected; most sites list their home market first.
    areaId: chosenAreaId ?? areas[0]?.id,
    setAreaId,
  }
}
