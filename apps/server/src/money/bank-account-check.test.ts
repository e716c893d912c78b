import { describe, expect, it } from 'vitest'
import { normalizedBic, normalizedIban } from './bank-account-check.ts'

describe('bank account check', () => {
  it('reads SWIFT/BIC codes of 8 and 11 characters in any case and spacing', () => {
    expect(normalizedBic('DEUTDEFF')).toBe('DEUTDEFF')
    expect(normalizedBic('hsbc hk hh xxx')).toBe('HSBCHKHHXXX')
    expect(normalizedBic('NEDSZAJJXXX')).toBe('NEDSZAJJXXX')
  })

  it('refuses BIC codes of the wrong length, letters, or an unknown country', () => {
    expect(normalizedBic('DEUTDEF')).toBeUndefined()
    expect(normalizedBic('DEUTDEFF5')).toBeUndefined()
    expect(normalizedBic('ABN4NL2A')).toBeUndefined()
    expect(normalizedBic('DEUTXXFF')).toBeUndefined()
    expect(normalizedBic('')).toBeUndefined()
  })

  it('reads IBANs printed with spaces and returns them in electronic form', () => {
    expect(normalizedIban('DE89 3704 0044 0532 0130 00')).toBe('DE89370400440532013000')
    expect(normalizedIban('gb29nwbk60161331926819')).toBe('GB29NWBK60161331926819')
    expect(normalizedIban('NL91ABNA0417164300')).toBe('NL91ABNA0417164300')
  })

  it('refuses IBANs with wrong check digits or length', () => {
    expect(normalizedIban('DE89 3704 0044 0532 0130 01')).toBeUndefined()
    expect(normalizedIban('NL92ABNA0517164300')).toBeUndefined()
    expect(normalizedIban('GB29NWBK6016133192681')).toBeUndefined()
    expect(normalizedIban('XX00')).toBeUndefined()
  })
})
