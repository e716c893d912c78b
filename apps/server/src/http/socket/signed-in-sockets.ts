import { revokes, type Revocation, type SessionRef } from '../../users/sessions.ts'

/** The signed-in sockets by user, so that a revocation finds its sockets without a scan of all. */
export class SignedInSockets<C extends { session: SessionRef | undefined }> {
  private readonly byUser = new Map<number, Set<C>>()

  add(connection: C, session: SessionRef): void {
    let set = this.byUser.get(session.userId)
    if (!set) this.byUser.set(session.userId, (set = new Set()))
    set.add(connection)
  }

  delete(connection: C, session: SessionRef): void {
    const set = this.byUser.get(session.userId)
    if (!set) return
    set.delete(connection)
    if (set.size === 0) this.byUser.delete(session.userId)
  }

  /** The sockets signed in with a session that `revocation` ended. */
  endedBy(revocation: Revocation): C[] {
    const set = this.byUser.get(revocation.userId)
    if (!set) return []
    return [...set].filter((c) => c.session !== undefined && revokes(revocation, c.session))
  }

  /** Every signed-in socket with its session, as of now. */
  snapshot(): [C, SessionRef][] {
    const held: [C, SessionRef][] = []
    for (const set of this.byUser.values())
      for (const connection of set) if (connection.session) held.push([connection, connection.session])
    return held
  }
}
