import { describe, expect, it } from 'vitest'
import { isValidAddress, networkOf } from './address-check.ts'

const TRC20 = { code: 'USDT', protocol: 'TRC20' }
const ERC20 = { code: 'USDT', protocol: 'ERC20' }
const ETH = { code: 'ETH', protocol: 'ERC20' }
const BTC = { code: 'BTC', protocol: 'BTC' }

describe('payout address check', () => {
  it.each([
    // USDT's own contract on Tron, and another mainnet account.
    [TRC20, 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'],
    [TRC20, 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7'],
    // EIP-55's own examples, checksummed, and the same address in one case (no checksum to check).
    [ERC20, '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'],
    [ERC20, '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359'],
    [ETH, '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB'],
    [ETH, '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed'],
    [ETH, '0x5AAEB6053F3E94C9B9A09F33669435E7EF1BEAED'],
    // The genesis block's P2PKH, a P2SH, and BIP 173 / BIP 350 segwit vectors (v0 key and script, v1 taproot).
    [BTC, '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa'],
    [BTC, '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy'],
    [BTC, 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'],
    [BTC, 'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4'],
    [BTC, 'bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3'],
    [BTC, 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0'],
  ])('accepts a real %o address %s', (currency, address) => {
    expect(isValidAddress(currency, address)).toBe(true)
  })

  it.each([
    // One character changed: the checksum no longer matches.
    [TRC20, 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6T', 'checksum'],
    [TRC20, 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj7t', 'checksum'],
    // A valid base58check with another version byte: a bitcoin address is not a Tron one.
    [TRC20, '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', 'version'],
    [TRC20, '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', 'network'],
    [ERC20, '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD', 'EIP-55 case'],
    [ERC20, '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeaEd', 'EIP-55 case'],
    [ERC20, '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeA', 'length'],
    [ERC20, '5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed00', 'prefix'],
    [ERC20, '0X5aaeb6053f3e94c9b9a09f33669435e7ef1beaed', 'prefix'],
    [ERC20, '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaeg', 'hex'],
    [ETH, 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 'network'],
    [BTC, '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb', 'checksum'],
    [BTC, '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLY', 'checksum'],
    [BTC, 'bc1qw508d6qejxtdg4c5r3zarvary0c5xw7kv8f3t4', 'bech32 checksum'],
    [BTC, 'bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv4', 'bech32 checksum'],
    [BTC, 'bc1qW508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', 'mixed case'],
    // BIP 350: a v1 program with a bech32 (not bech32m) checksum.
    [BTC, 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd', 'v1 with bech32'],
    // Testnet and Tron addresses are not bitcoin mainnet.
    [BTC, 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx', 'testnet'],
    [BTC, 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 'network'],
    [BTC, '', 'empty'],
  ])('refuses %o address %s (%s)', (currency, address) => {
    expect(isValidAddress(currency, address)).toBe(false)
  })

  it('names networks by protocol, then by code, in any case', () => {
    expect(networkOf({ code: 'USDT', protocol: 'trc20' })).toBe('tron')
    expect(networkOf({ code: 'ETH', protocol: 'ERC20' })).toBe('evm')
    expect(networkOf({ code: 'BTC', protocol: '' })).toBe('bitcoin')
    expect(networkOf({ code: 'XRP', protocol: '' })).toBeUndefined()
  })

  it('gives a network it does not know only the shape every chain shares', () => {
    const xrp = { code: 'XRP', protocol: '' }
    expect(isValidAddress(xrp, 'rEb8TK3gBgk5auZkwc6sHnwrGVJH8DuaLh')).toBe(true)
    expect(isValidAddress(xrp, 'short')).toBe(false)
    expect(isValidAddress(xrp, 'has a space in the middle')).toBe(false)
    expect(isValidAddress(xrp, '<script>alert(1)</script>')).toBe(false)
  })
})
