import { createBase58check, bech32, bech32m } from '@scure/base'
import { sha256 } from '@noble/hashes/sha2.js'
import { keccak_256 } from '@noble/hashes/sha3.js'

/**
 * Checks that a payout address is well formed for its network, checksum included, so that a typo
 * is refused when the address is saved rather than discovered after money was sent to nowhere.
 * It cannot tell whether anyone holds the address's key: staff still pay out to what was saved.
 */

const base58check = createBase58check(sha256)

/** The networks whose addresses we can check; a currency names one by its protocol (or its code). */
export type Network = 'tron' | 'evm' | 'bitcoin'

/** Protocol names (upper case) staff may give a currency, by network. ERC20 tokens and ETH share one. */
const NETWORK_NAMES: Record<string, Network> = {
  TRC20: 'tron',
  TRON: 'tron',
  TRX: 'tron',
  ERC20: 'evm',
  ETH: 'evm',
  BEP20: 'evm',
  BTC: 'bitcoin',
  BITCOIN: 'bitcoin',
}

/** The network of a withdraw currency: its protocol, or its code when it has none ("BTC"). */
export function networkOf(currency: { code: string; protocol: string }): Network | undefined {
  const name = (currency.protocol || currency.code).trim().toUpperCase()
  return NETWORK_NAMES[name]
}

/** Tron: base58check of 21 bytes, the first 0x41 (so the text starts with 'T'). */
const TRON_VERSION = 0x41
/** Bitcoin mainnet base58 versions: P2PKH ('1…') and P2SH ('3…'), each before a 20-byte hash. */
const BITCOIN_P2PKH = 0x00
const BITCOIN_P2SH = 0x05
const HASH160_BYTES = 20
/** BIP 173: a segwit address is at most 90 characters. */
const BECH32_MAX_LENGTH = 90

/** The bytes inside a base58check text, or undefined when it is not one (bad letter or checksum). */
function base58Payload(text: string): Uint8Array | undefined {
  try {
    return base58check.decode(text)
  } catch {
    return undefined
  }
}

function isTronAddress(text: string): boolean {
  const payload = base58Payload(text)
  return payload !== undefined && payload.length === 1 + HASH160_BYTES && payload[0] === TRON_VERSION
}

/** EIP-55: a letter is upper case exactly when the matching nibble of keccak256(lower-case hex) is >= 8. */
function hasEip55Checksum(hex: string): boolean {
  const lower = hex.toLowerCase()
  const hash = keccak_256(new TextEncoder().encode(lower))
  for (let i = 0; i < lower.length; i++) {
    const char = hex[i] as string
    if (!/[a-f]/i.test(char)) continue
    const byte = hash[i >> 1] as number
    const nibble = i % 2 === 0 ? byte >> 4 : byte & 0x0f
    if (nibble >= 8 !== (char !== char.toLowerCase())) return false
  }
  return true
}

/** An Ethereum-style address: 0x and 40 hex digits; mixed case must carry a valid EIP-55 checksum. */
function isEvmAddress(text: string): boolean {
  const match = /^0x([0-9a-fA-F]{40})$/.exec(text)
  if (!match) return false
  const hex = match[1] as string
  const singleCase = hex === hex.toLowerCase() || hex === hex.toUpperCase()
  return singleCase || hasEip55Checksum(hex)
}

/**
 * BIP 173 / BIP 350 segwit on mainnet ('bc'): witness version 0 is bech32 with a 20 or 32-byte
 * program; versions 1 to 16 (taproot and later) are bech32m with 2 to 40 bytes.
 */
function isSegwitAddress(text: string): boolean {
  if (text.length > BECH32_MAX_LENGTH) return false
  for (const coder of [bech32, bech32m]) {
    const decoded = coder.decodeUnsafe(text, BECH32_MAX_LENGTH)
    if (!decoded || decoded.prefix !== 'bc' || decoded.words.length === 0) continue
    const [version, ...programWords] = decoded.words as [number, ...number[]]
    if (version > 16 || (version === 0) !== (coder === bech32)) return false
    const program = coder.fromWordsUnsafe(programWords)
    if (!program || program.length < 2 || program.length > 40) return false
    return version !== 0 || program.length === 20 || program.length === 32
  }
  return false
}

function isBitcoinAddress(text: string): boolean {
  if (/^bc1/i.test(text)) return isSegwitAddress(text)
  const payload = base58Payload(text)
  return (
    payload !== undefined &&
    payload.length === 1 + HASH160_BYTES &&
    (payload[0] === BITCOIN_P2PKH || payload[0] === BITCOIN_P2SH)
  )
}

const CHECKS: Record<Network, (text: string) => boolean> = {
  tron: isTronAddress,
  evm: isEvmAddress,
  bitcoin: isBitcoinAddress,
}

/**
 * A network we have no check for (a currency staff added later) still gets the shape every chain's
 * addresses share: letters, digits and a few separators, no spaces, of a sane length.
 */
const GENERIC_ADDRESS = /^[A-Za-z0-9:._-]{16,128}$/

/**
 * Whether `address` is a valid address on the currency's network, e.g.
 * `isValidAddress({ code: 'USDT', protocol: 'TRC20' }, 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')` is true.
 */
export function isValidAddress(currency: { code: string; protocol: string }, address: string): boolean {
  const network = networkOf(currency)
  return network ? CHECKS[network](address) : GENERIC_ADDRESS.test(address)
}
