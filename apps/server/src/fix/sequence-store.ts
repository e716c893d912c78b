import { sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { fixSessions } from '../db/schema.ts'

/** Where a FIX session's sequence numbers live between connections and restarts. */
export interface SequenceKeeper {
  load(sessionId: string): Promise<KeptSequences | undefined>
  save(sessionId: string, kept: KeptSequences): Promise<void>
}

export interface KeptSequences {
  /** The next number this side sends. */
  sender: number
  /** The next number expected from the peer. */
  target: number
  createdAt: Date
}

/** The database's (fix_sessions): a restarted engine, or its standby, logs on where the last left off. */
export function databaseSequences(db: Db): SequenceKeeper {
  return {
    async load(sessionId) {
      const [row] = await db
        .select()
        .from(fixSessions)
        .where(sql`${fixSessions.sessionId} = ${sessionId}`)
      return row && { sender: row.senderSeqNum, target: row.targetSeqNum, createdAt: row.createdAt }
    },
    async save(sessionId, kept) {
      await db
        .insert(fixSessions)
        .values({
          sessionId,
          senderSeqNum: kept.sender,
          targetSeqNum: kept.target,
          createdAt: kept.createdAt,
        })
        .onConflictDoUpdate({
          target: fixSessions.sessionId,
          set: {
            senderSeqNum: kept.sender,
            targetSeqNum: kept.target,
            createdAt: kept.createdAt,
            updatedAt: sql`now()`,
          },
        })
    },
  }
}

/** In memory, for the test provider: its sessions keep their numbers across connections while it runs. */
export function memorySequences(): SequenceKeeper {
  const kept = new Map<string, KeptSequences>()
  return {
    load: (sessionId) => Promise.resolve(kept.get(sessionId)),
    save: (sessionId, value) => {
      kept.set(sessionId, { ...value })
      return Promise.resolve()
    },
  }
}

/** A message a session sent, kept so a ResendRequest can be answered with it (see `SessionStore.put`). */
export interface SentRecord {
  readonly msgType: string
  readonly timestamp: Date
  readonly seqNum: number
  readonly encoded?: string | null
  clone(): SentRecord
}

/** How long a change of the expected number may wait to be written (a change of ours is written at once). */
const TARGET_WRITE_MS = 200

/**
 * jspurefix's session store (its IFixSessionStore, matched structurally), with the sequence numbers
 * kept by a `SequenceKeeper` and the last `keepSent` messages sent kept in memory (jspurefix's own
 * stores keep every message for the session's life). Writes go one at a time, the newest numbers
 * each time: the number this side sends is written as soon as it changes; the number expected from
 * the peer at most every TARGET_WRITE_MS (a restart that took an older one asks the peer to send
 * the rest again, which FIX allows).
 */
export class SessionStore {
  senderSeqNum = 1
  targetSeqNum = 1
  private created = new Date()
  private readonly sent = new Map<number, SentRecord>()
  private writing: Promise<void> | undefined
  private dirty: 'sender' | 'target' | undefined
  private lastWriteMs = 0
  private timer: NodeJS.Timeout | undefined
  private loaded = false

  constructor(
    readonly sessionId: { toString(): string },
    private readonly keeper: SequenceKeeper,
    private readonly options: { keepSent: number; onError: (error: unknown) => void },
  ) {}

  get creationTime(): Date {
    return this.created
  }

  /** Reads the kept numbers the first time; a later connection of the same session goes on from these. */
  async initialize(): Promise<void> {
    if (this.loaded) return
    this.loaded = true
    const kept = await this.keeper.load(this.sessionId.toString())
    if (!kept) return
    this.senderSeqNum = kept.sender
    this.targetSeqNum = kept.target
    this.created = kept.createdAt
  }

  async put(record: SentRecord): Promise<void> {
    if (this.options.keepSent === 0) return
    this.sent.set(record.seqNum, record.clone())
    // Maps iterate in insertion order: the oldest goes first.
    while (this.sent.size > this.options.keepSent) this.sent.delete(this.sent.keys().next().value as number)
  }

  async get(seqNum: number): Promise<SentRecord | null> {
    return this.sent.get(seqNum)?.clone() ?? null
  }

  async getRange(from: number, to: number): Promise<SentRecord[]> {
    const out: SentRecord[] = []
    for (let seq = from; seq <= to; seq++) {
      const record = this.sent.get(seq)
      if (record) out.push(record.clone())
    }
    return out
  }

  async setSenderSeqNum(value: number): Promise<void> {
    this.senderSeqNum = value
    this.changed('sender')
  }

  async setTargetSeqNum(value: number): Promise<void> {
    this.targetSeqNum = value
    this.changed('target')
  }

  async nextSenderSeqNum(): Promise<number> {
    await this.setSenderSeqNum(this.senderSeqNum + 1)
    return this.senderSeqNum
  }

  async nextTargetSeqNum(): Promise<number> {
    await this.setTargetSeqNum(this.targetSeqNum + 1)
    return this.targetSeqNum
  }

  async reset(): Promise<void> {
    this.senderSeqNum = 1
    this.targetSeqNum = 1
    this.created = new Date()
    this.sent.clear()
    this.changed('sender')
  }

  /** Writes the numbers now and waits for every write. */
  async flush(): Promise<void> {
    clearTimeout(this.timer)
    this.timer = undefined
    if (this.dirty) this.dirty = 'sender'
    while (this.writing || this.dirty) {
      if (!this.writing) this.write()
      await this.writing
    }
  }

  async dispose(): Promise<void> {
    await this.flush()
  }

  private changed(which: 'sender' | 'target'): void {
    if (this.dirty !== 'sender') this.dirty = which
    if (this.writing) return
    const wait = which === 'sender' ? 0 : this.lastWriteMs + TARGET_WRITE_MS - Date.now()
    if (wait <= 0) return this.write()
    this.timer ??= setTimeout(() => {
      this.timer = undefined
      if (!this.writing && this.dirty) this.write()
    }, wait)
    this.timer.unref()
  }

  private write(): void {
    this.dirty = undefined
    clearTimeout(this.timer)
    this.timer = undefined
    this.lastWriteMs = Date.now()
    const kept = { sender: this.senderSeqNum, target: this.targetSeqNum, createdAt: this.created }
    this.writing = this.keeper
      .save(this.sessionId.toString(), kept)
      .catch((error: unknown) => this.options.onError(error))
      .finally(() => {
        this.writing = undefined
        if (this.dirty) this.changed(this.dirty)
      })
  }
}

/** jspurefix's store factory (IFixSessionStoreFactory): one store per session id, kept across connections. */
export function sessionStores(
  keeper: SequenceKeeper,
  options: { keepSent: number; onError: (error: unknown) => void },
): { create(sessionId: { toString(): string }): SessionStore; flush(): Promise<void> } {
  const stores = new Map<string, SessionStore>()
  return {
    create(sessionId) {
      const key = sessionId.toString()
      let store = stores.get(key)
      if (!store) stores.set(key, (store = new SessionStore(sessionId, keeper, options)))
      return store
    },
    async flush() {
      await Promise.all([...stores.values()].map((store) => store.flush()))
    },
  }
}
