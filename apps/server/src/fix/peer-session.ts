import { AsciiSession, SessionState } from './jspurefix.ts'

/** States in which jspurefix would end the session on an application message (see below). */
const ANSWERING = new Set<number>([
  SessionState.HandleResendRequest,
  SessionState.AwaitingProcessingResponseToResendRequest,
  SessionState.AwaitingProcessingResponseToTestRequest,
])

/**
 * What every FIX session of ours does alike, over jspurefix's AsciiSession (decision 050).
 * jspurefix ends a session when an application message arrives while it answers a ResendRequest,
 * waits for the messages it asked to be sent again, or waits for the answer to its TestRequest;
 * FIX has such messages processed as usual (a peer streaming prices sends them at any time), so
 * they are taken in those states too.
 */
export abstract class PeerSession extends AsciiSession {
  /** Logs out (the session then ends by itself). */
  logOut(): void {
    this.done()
  }

  protected override validStateApplicationMsg(): boolean {
    return ANSWERING.has(this.getState()) || super.validStateApplicationMsg()
  }

  protected override onEncoded(): void {}

  protected override onDecoded(): void {}
}
