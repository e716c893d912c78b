import {
  ForwardingLogFactory,
  SessionLauncher,
  type AsciiSession,
  type FixLog,
  type IJsFixConfig,
} from './jspurefix.ts'
import type { ISessionDescription } from 'jspurefix'
import type { PeerSession } from './peer-session.ts'
import type { sessionStores } from './sequence-store.ts'

type Stores = ReturnType<typeof sessionStores>

/** jspurefix's launcher with our session class and our store (its `makeFactory` is its hook for both). */
class Launcher extends SessionLauncher {
  constructor(
    initiator: ISessionDescription | null,
    acceptor: ISessionDescription | null,
    private readonly make: (config: IJsFixConfig) => AsciiSession,
    private readonly stores: Stores,
    log: FixLog,
  ) {
    super(initiator, acceptor, new ForwardingLogFactory(log))
  }

  protected override makeFactory(config: IJsFixConfig) {
    config.sessionStoreFactory = this.stores as unknown as NonNullable<IJsFixConfig['sessionStoreFactory']>
    return { makeSession: (c: IJsFixConfig) => this.make(c) }
  }
}

/** Starts an acceptor (the test provider): resolves when it listens; `stop` closes it. */
export function startAcceptor(options: {
  description: ISessionDescription
  makeSession: (config: IJsFixConfig) => AsciiSession
  stores: Stores
  log: FixLog
}): { stopped: Promise<unknown>; stop(): Promise<void> } {
  const launcher = new Launcher(null, options.description, options.makeSession, options.stores, options.log)
  const stopped = launcher.run().catch((error: unknown) => options.log('error', (error as Error).message, {}))
  return {
    stopped,
    async stop() {
      launcher.stop()
      await stopped
    },
  }
}

/**
 * Keeps one initiator session connected (decision 050): connects, runs the session until it ends,
 * and connects again after a wait that doubles from `firstMs` to `mostMs` while attempts fail, and
 * starts from `firstMs` again after a logon (`loggedOn`). Each connection is a new session object;
 * the sequence numbers go on in the store.
 */
export class SessionRunner<S extends PeerSession> {
  private stopping = false
  /** The connection now: its launcher, and its session once jspurefix has made it. */
  private launcher: Launcher | undefined
  private connection: S | undefined
  private waitMs: number
  private wake: (() => void) | undefined
  private loop: Promise<void> | undefined

  constructor(
    private readonly options: {
      description: ISessionDescription
      makeSession: (config: IJsFixConfig) => S
      stores: Stores
      log: FixLog
      firstMs: number
      mostMs: number
    },
  ) {
    this.waitMs = options.firstMs
  }

  start(): void {
    this.loop ??= this.run()
  }

  /** The session logged on: the next wait starts from the first again. */
  loggedOn(): void {
    this.waitMs = this.options.firstMs
  }

  /** The session of the connection now, if one runs. */
  session(): S | undefined {
    return this.connection
  }

  /** Logs out (waiting up to `graceMs` for the provider's answer), stops and writes the sequence numbers. */
  async stop(graceMs = 2000): Promise<void> {
    this.stopping = true
    this.wake?.()
    const launcher = this.launcher
    if (launcher) {
      this.connection?.logOut()
      const ended = await Promise.race([this.loop?.then(() => true), delay(graceMs).then(() => false)])
      if (!ended) launcher.stop()
    }
    // A connection still being made ends at its own timeout: a stop does not wait for it.
    await Promise.race([this.loop, delay(graceMs)])
    await this.options.stores.flush()
  }

  private async run(): Promise<void> {
    while (!this.stopping) {
      const launcher = new Launcher(
        this.options.description,
        null,
        (config) => (this.connection = this.options.makeSession(config)),
        this.options.stores,
        this.options.log,
      )
      this.launcher = launcher
      try {
        await launcher.run()
      } catch (error) {
        if (!this.stopping)
          this.options.log('warn', `connection failed: ${(error as Error).message}`, {
            provider: this.options.description.application?.name,
          })
      }
      this.launcher = undefined
      this.connection = undefined
      if (this.stopping) return
      const wait = this.waitMs
      this.waitMs = Math.min(this.waitMs * 2, this.options.mostMs)
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, wait)
        this.wake = () => {
          clearTimeout(timer)
          resolve()
        }
      })
      this.wake = undefined
    }
  }
}

const delay = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms).unref()
  })
