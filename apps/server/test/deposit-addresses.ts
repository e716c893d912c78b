import { eq } from 'drizzle-orm'
import type { Db } from '../src/db/client.ts'
import { depositCoinChannels } from '../src/db/schema.ts'

/**
 * The coin deposit addresses of a test install, well-known burn addresses valid for their networks.
 * A fresh install has none until staff set the broker's own (seed-deposit-channels.ts); tests that
 * deposit coins need one, as if staff had set it.
 */
export const TEST_DEPOSIT_ADDRESSES: Readonly<Record<string, string>> = {
  TRC20: 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb',
  ERC20: '0x000000000000000000000000000000000000dEaD',
  BTC: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh',
}

export async function setTestDepositAddresses(db: Db): Promise<void> {
  for (const [protocol, address] of Object.entries(TEST_DEPOSIT_ADDRESSES))
    await db
      .update(depositCoinChannels)
      .set({ address })
      .where(eq(depositCoinChannels.protocolCode, protocol))
}
