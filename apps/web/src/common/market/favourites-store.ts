import { create } from 'zustand'
import { readStorage, StorageKey, writeStorage } from '../lib/storage.ts'
import { parseFavourites, toggleFavourite } from './favourites.ts'

interface FavouritesState {
  /** The starred instrument codes, in the order starred. */
  codes: readonly string[]
  toggle: (code: string) => void
}

/**
 * The instruments starred on this device (guests too), kept in localStorage: one store, so every
 * star on screen (quotes list, /trade's header and drawer) changes together.
 */
export const useFavourites = create<FavouritesState>()((set, get) => ({
  codes: parseFavourites(readStorage(StorageKey.FAVOURITES)),
  toggle: (code) => {
    // Read again first: another tab may have starred something since this one last looked. Where
    // storage cannot be read (private mode), the stars of this visit are what there is.
    const stored = readStorage(StorageKey.FAVOURITES)
    const codes = toggleFavourite(stored === null ? get().codes : parseFavourites(stored), code)
    writeStorage(StorageKey.FAVOURITES, JSON.stringify(codes))
    set({ codes })
  },
}))

// Another tab starred or unstarred: this one follows (the storage event fires in the other tabs only).
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === StorageKey.FAVOURITES || event.key === null)
      useFavourites.setState({ codes: parseFavourites(event.newValue ?? readStorage(StorageKey.FAVOURITES)) })
  })
}

/** Whether `code` is starred; the component repaints only when that answer changes. */
export const useIsFavourite = (code: string) => useFavourites((state) => state.codes.includes(code))
