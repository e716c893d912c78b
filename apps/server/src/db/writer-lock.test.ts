import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { takeWriterLock, waitForWriterLock, type WriterLock } from './writer-lock.ts'

describe('one writer per database', () => {
  it('refuses a data folder another live process holds, and takes over a dead one', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tp-lock-'))
    writeFileSync(join(dataDir, 'server.lock'), String(process.ppid))
    await expect(takeWriterLock({ dataDir })).rejects.toThrow(/another server/)
    // A pid that cannot be alive (above the kernel's maximum): a killed server's leftover.
    writeFileSync(join(dataDir, 'server.lock'), '99999999')
    const lock = await takeWriterLock({ dataDir })
    await lock.release()
  })

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'refuses a PostgreSQL database another server holds',
    async () => {
      const url = process.env.TEST_DATABASE_URL as string
      const first = await takeWriterLock({ url })
      await expect(takeWriterLock({ url })).rejects.toThrow(/advisory lock/)
      await first.release()
      const again = await takeWriterLock({ url })
      await again.release()
    },
  )

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'lets a standby wait in PostgreSQL past several of its waits, and lead as the holder lets go',
    async () => {
      const url = process.env.TEST_DATABASE_URL as string
      const leader = await takeWriterLock({ url })
      const said: string[] = []
      let standby: WriterLock | undefined
      const waiting = waitForWriterLock(url, { retryMs: 50, onWaiting: (reason) => said.push(reason) }).then(
        (lock) => (standby = lock),
      )
      // Longer than one wait in PostgreSQL (2 s): it waits on, on the same connection, saying so once.
      await new Promise((resolve) => setTimeout(resolve, 4500))
      expect(standby).toBeUndefined()
      expect(said).toEqual(['another server already runs on this database (advisory lock held)'])
      await leader.release()
      await waiting
      await expect(takeWriterLock({ url })).rejects.toThrow(/advisory lock/)
      await standby?.release()
    },
  )
})
