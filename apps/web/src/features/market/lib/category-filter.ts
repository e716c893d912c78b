import type { Category, Instrument } from '@tp/contracts/light'
import { favouriteInstruments } from '../../../common/market/favourites.ts'

/** The chip of the starred instruments, first of all chips; its value in the URL too. */
export const FAVOURITES = 'favourites'

/** The chip that is on: a category's Id, the favourites, or null for "All". */
export type CategoryChoice = number | typeof FAVOURITES | null

/** docs/product.md "Screens": tapping the active chip clears the filter; tapping "All" always does. */
export function toggleCategory(active: CategoryChoice, tapped: CategoryChoice): CategoryChoice {
  return tapped === null || tapped === active ? null : tapped
}

/** The rows a chip shows; the favourites in the order they were starred. */
export function filterByCategory(
  instruments: readonly Instrument[],
  choice: CategoryChoice,
  favourites: readonly string[] = [],
): Instrument[] {
  if (choice === null) return [...instruments]
  if (choice === FAVOURITES) return favouriteInstruments(instruments, favourites)
  return instruments.filter((item) => item.CategoryId === choice)
}

/** Chips in the server's order (`Sort`, then `Id`). */
export function sortCategories(categories: readonly Category[]): Category[] {
  return [...categories].sort((a, b) => a.Sort - b.Sort || a.Id - b.Id)
}

/** The `category` query parameter as a choice; anything but `favourites` or a positive integer means "All". */
export function parseCategory(value: string | null): CategoryChoice {
  if (value === FAVOURITES) return FAVOURITES
  const id = Number(value)
  return value && Number.isInteger(id) && id > 0 ? id : null
}
