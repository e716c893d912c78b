import { READABLE_ALPHABET, randomString, sha256 } from './hashing.ts'

/**
 * Recovery codes, staff's and clients' alike: ten characters people can type (no look-alikes),
 * shown once as `ABCDE-FGHJK`, kept only as hashes of the code without its dash. A typed code is
 * read by the contracts' `recoveryCodeText` (dashes, spaces and case ignored) before it is hashed.
 */
const CODE_LENGTH = 10

export function generateRecoveryCodes(count: number): { shown: string[]; hashes: string[] } {
  const codes = Array.from({ length: count }, () => randomString(READABLE_ALPHABET, CODE_LENGTH))
  return {
    shown: codes.map((code) => `${code.slice(0, 5)}-${code.slice(5)}`),
    hashes: codes.map(recoveryCodeHash),
  }
}

/** The hash a code is kept as; `code` as `recoveryCodeText` reads it. */
export const recoveryCodeHash = (code: string): string => sha256(code)
