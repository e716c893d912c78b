import { useSyncExternalStore } from 'react'
import { isOffline, subscribeConnectivity } from './connectivity.ts'

/** True while the phone has no network or the realtime socket cannot connect (prices are not live). */
export function useOffline(): boolean {
  return useSyncExternalStore(subscribeConnectivity, isOffline, () => false)
}
