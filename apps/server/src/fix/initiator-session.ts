import type { IJsFixConfig } from './jspurefix.ts'
import { PeerSession } from './peer-session.ts'

/** What every initiator session of ours tells its owner. */
export interface InitiatorEvents {
  /** The session ended (logout, a broken connection, a refused logon): said once. */
  ended(error?: Error): void
  /** Something of the provider's we could not use, or a fault of ours in a handler (logged by the owner). */
  problem(message: string, fields: Record<string, unknown>): void
}

/**
 * A session we open to a provider (price-session.ts, order-session.ts): it takes the provider's
 * logon, says its end once, and runs every handler guarded, since jspurefix ends a session on any
 * exception in one and a fault of ours must not end it.
 */
export abstract class InitiatorSession extends PeerSession {
  private stopped = false

  constructor(
    config: IJsFixConfig,
    private readonly owner: InitiatorEvents,
    /** How the session is named in problems ("price session", "order session"). */
    private readonly kind: string,
  ) {
    super(config)
  }

  protected override onStopped(error?: Error): void {
    if (this.stopped) return
    this.stopped = true
    this.guard('stopped', () => this.owner.ended(error))
  }

  protected override onLogon(): boolean {
    return true
  }

  protected guard(what: string, run: () => void): void {
    try {
      run()
    } catch (error) {
      this.owner.problem(`${this.kind}: ${what} failed`, { error: (error as Error).message })
    }
  }
}
