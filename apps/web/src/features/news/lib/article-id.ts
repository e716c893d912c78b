/** The largest serial id the server stores (PostgreSQL `integer`). */
const MAX_SERIAL_ID = 2_147_483_647

/**
 * The article id of `/news/detail?id=`, or undefined for anything that is not one: only plain
 * decimal digits of a serial id (1 to 2^31-1), as the server reads it. A bad link then shows a
 * message at once instead of asking the server.
 */
export function articleIdOf(value: string | null): number | undefined {
  if (value === null || !/^[1-9][0-9]{0,9}$/.test(value)) return undefined
  const id = Number(value)
  return id <= MAX_SERIAL_ID ? id : undefined
}
