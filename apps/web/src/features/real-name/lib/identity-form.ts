import { ONE_LINE } from '@tp/contracts/light'

/**
 * The client's checks of the identity form, mirroring the server's (packages/contracts identity.ts)
 * so that the user reads a specific message before sending. The server checks everything again.
 */
export interface IdentityFormValues {
  name: string
  cardId: string
  /** Signed links of the uploaded images, or null before an upload. */
  front: string | null
  back: string | null
}

const CARD_ID = /^[A-Za-z0-9 -]{4,32}$/

/** The translation key of the first problem, or null when the form may be sent. */
export function identityFormProblem(values: IdentityFormValues): string | null {
  const name = values.name.trim()
  const cardId = values.cardId.normalize('NFKC').trim()
  if (!values.front || !values.back) return 'identity.imagesRequired'
  if (!name) return 'identity.nameRequired'
  if ([...name].length < 2 || [...name].length > 64 || !ONE_LINE.test(name)) return 'identity.nameInvalid'
  if (!cardId) return 'identity.cardIdRequired'
  if (!CARD_ID.test(cardId) || cardId.replace(/[ -]/g, '').length < 4) return 'identity.cardIdInvalid'
  return null
}
