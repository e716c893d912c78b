import { INT32_MAX } from '@tp/contracts/light'

/**
 * The article id of `/news/detail?id=`, or undefined for anything that is not one: only plain
 * decimal digits of a serial id (1 to INT32_MAX, without the leading zeros the server would also
 * read). A bad link then shows a message at once instead of asking the server.
 */
export function articleIdOf(value: string | null): number | undefined {
  if (value === null || !/^[1-9][0-9]{0,9}$/.test(value)) return undefined
  const id = Number(value)
  return id <= INT32_MAX ? id : undefined
}
