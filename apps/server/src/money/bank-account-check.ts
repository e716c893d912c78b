import { electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools'

/**
 * Bank details as the payout desk needs them: a SWIFT/BIC and, where the country uses one, an IBAN,
 * each with its check (the BIC's country, the IBAN's country length and mod-97 check digits), so a
 * typo is refused when the account is saved instead of bouncing a wire weeks later.
 */

/** A SWIFT/BIC in the form banks print it: upper case, no spaces ("DEUT DE FF" is "DEUTDEFF"). */
export function normalizedBic(text: string): string | undefined {
  const bic = text.replace(/\s+/g, '').toUpperCase()
  return isValidBIC(bic) ? bic : undefined
}

/** An IBAN in electronic form (no spaces, upper case), or undefined when it fails its check. */
export function normalizedIban(text: string): string | undefined {
  const iban = electronicFormatIBAN(text)
  return iban && isValidIBAN(iban) ? iban : undefined
}
