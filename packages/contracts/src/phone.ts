import { isValidPhoneNumber, type CountryCode } from 'libphonenumber-js/mobile'

/**
 * Whether `national` (digits, without the country's calling code) is a valid mobile number of the
 * country `isoRegion` (an area's ISO 3166 code, e.g. HK), by Google's libphonenumber data: an 8-digit
 * Hong Kong number is refused under +1 (issue 25), and so is a Hong Kong landline, which cannot take
 * a text message. The "mobile" data set holds each country's mobile number patterns.
 */
export function validMobile(national: string, isoRegion: string): boolean {
  try {
    return isValidPhoneNumber(national, isoRegion.toUpperCase() as CountryCode)
  } catch {
    // An area code libphonenumber does not know: no number of it can be checked, so none is valid.
    return false
  }
}
