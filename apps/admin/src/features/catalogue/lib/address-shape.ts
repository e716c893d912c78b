/**
 * The outward form of a coin address per network, so a typo shows while typing. The server also
 * checks the checksum (apps/server/src/money/address-check.ts) and has the last word.
 */
const BASE58 = '[1-9A-HJ-NP-Za-km-z]'
const SHAPES: Record<string, RegExp> = {
  tron: new RegExp(`^T${BASE58}{33}$`),
  evm: /^0x[0-9a-fA-F]{40}$/,
  bitcoin: new RegExp(`^([13]${BASE58}{25,34}|bc1[02-9ac-hj-np-z]{11,87})$`, 'i'),
}
const NETWORKS: Record<string, keyof typeof SHAPES> = {
  TRC20: 'tron',
  TRON: 'tron',
  TRX: 'tron',
  ERC20: 'evm',
  ETH: 'evm',
  BEP20: 'evm',
  BTC: 'bitcoin',
  BITCOIN: 'bitcoin',
}

/** Whether `address` has the form of its network's addresses; networks not known here pass. */
export function addressLooksRight(network: string, address: string): boolean {
  const shape = SHAPES[NETWORKS[network.trim().toUpperCase()] ?? '']
  return shape ? shape.test(address) : address.length > 0
}
