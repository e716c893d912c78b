/** Checks of the addresses staff type into settings and content: one definition of each, in the contracts. */
export { isPlainEmail, webAddress } from '@tp/contracts/light'
