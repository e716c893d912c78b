import type { LoginType } from '@tp/contracts'
import { useState } from 'react'
import { useAreaList, useMobileAllowed } from './use-auth-settings.ts'

/** E-mail or mobile sign-in, with the area list loaded only when phones are allowed. */
export function useAccountMode() {
  const mobileAllowed = useMobileAllowed()
  const [chosenMode, setMode] = useState<LoginType>('email')
  const areaList = useAreaList(mobileAllowed)
  const [chosenAreaId, setAreaId] = useState<number>()
  const areas = areaList.data ?? []
  return {
    mobileAllowed,
    mode: mobileAllowed ? chosenMode : ('email' as LoginType),
    setMode,
    areas,
    // The first area is preselected; most sites list their home market first.
    areaId: chosenAreaId ?? areas[0]?.id,
    setAreaId,
  }
}
