import type { Category, Instrument } from '@tp/contracts'

/** The chip that is on: a category's Id, or null for "All". */
export type CategoryChoice = number | null

/** SPEC.md 2: tapping the active chip clears the filter; tapping "All" always does. */
export function toggleCategory(active: CategoryChoice, tapped: CategoryChoice): CategoryChoice {
  return tapped === null || tapped === active ? null : tapped
}

export function filterByCategory(instruments: readonly Instrument[], choice: CategoryChoice): Instrument[] {
  return choice === null ? [...instruments] : instruments.filter((item) => item.CategoryId === choice)
}

/** Chips in the server's order (`Sort`, then `Id`). */
export function sortCategories(categories: readonly Category[]): Category[] {
  return [...categories].sort((a, b) => a.Sort - b.Sort || a.Id - b.Id)
}

/** The `category` query parameter as a choice; anything but a positive integer means "All". */
export function parseCategory(value: string | null): CategoryChoice {
  const id = Number(value)
  return value && Number.isInteger(id) && id > 0 ? id : null
}
