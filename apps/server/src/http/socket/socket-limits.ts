/** What one client may do on the socket; every number has its reason beside its default. */
export interface SocketLimits {
  /** Frames a socket may send at once (token bucket size). */
  frameBurst: number
  /** Frames a second a socket may keep sending (refill rate). */
  framesPerSecond: number
  /** Login frames a socket may send at once: each may cost a database read. */
  loginBurst: number
  /** Login frames a second a socket may keep sending. */
  loginsPerSecond: number
  /** Frames over budget that are ignored before the socket is closed with 1008 (policy violation). */
  excessBurst: number
  /** Frames over budget a second that are forgiven for good. */
  excessForgivenPerSecond: number
  /** Sockets open at once from one client address. */
  maxSocketsPerAddress: number
  /** New sockets a minute from one client address. */
  upgradesPerMinute: number
  /** How often every signed-in socket's session is read again from the database. */
  sessionRecheckMs: number
}

export const DEFAULT_SOCKET_LIMITS: SocketLimits = {
  // A client that reconnects sends at once a login, one sub per topic (at most 64, MAX_SUBSCRIPTIONS)
  // and a ping: 100 covers that with room to spare.
  frameBurst: 100,
  // The client pings every 5 s and subscribes as screens change: a frame a second is already busy.
  framesPerSecond: 20,
  // A client logs in once per connection and again after each sign-in; a few in a row is plenty,
  // and one every 5 s after that keeps a flood of made-up tokens from queueing database reads.
  loginBurst: 5,
  loginsPerSecond: 0.2,
  // Overshooting now and then (a burst of taps, a reconnect storm) is forgiven; a client that keeps
  // on past 50 ignored frames is flooding and loses the socket.
  excessBurst: 50,
  excessForgivenPerSecond: 5,
  // A household or office shares an address; 50 leaves room for many phones and tabs behind one NAT,
  // while one attacker cannot hold thousands of sockets (each costs memory and a file descriptor).
  maxSocketsPerAddress: 50,
  // Per-socket budgets start full, so a client that reconnects in a loop would get a fresh one each
  // time. A phone reconnects at most a few times a minute (its back-off starts at 1 s), and a NAT of
  // 50 phones after a server restart once each: 60 a minute per address leaves room for both.
  upgradesPerMinute: 60,
  // The bound on how long a socket keeps private pushes after its session was revoked by another
  // process, or simply expired (revocations in this process act at once).
  sessionRecheckMs: 60_000,
}

/**
 * A token bucket: holds up to `capacity` tokens and gains `perSecond` of them a second. `now` is a
 * monotonic clock in milliseconds. Example: capacity 5, 1 a second: 5 takes pass at once, a sixth
 * passes a second later.
 */
export class TokenBucket {
  private tokens: number
  private updatedMs: number

  constructor(
    private readonly capacity: number,
    private readonly perSecond: number,
    private readonly now: () => number,
  ) {
    this.tokens = capacity
    this.updatedMs = now()
  }

  /** Takes one token if there is one. */
  take(): boolean {
    const nowMs = this.now()
    this.tokens = Math.min(this.capacity, this.tokens + ((nowMs - this.updatedMs) * this.perSecond) / 1000)
    this.updatedMs = nowMs
    if (this.tokens < 1) return false
    this.tokens -= 1
    return true
  }
}

/** What to do with a frame: handle it, ignore it, or close the socket that sent it. */
export type FrameVerdict = 'handle' | 'ignore' | 'close'

/** One socket's budgets: all frames, login frames, and the patience left for frames over budget. */
export class FrameBudget {
  private readonly frames: TokenBucket
  private readonly logins: TokenBucket
  private readonly excess: TokenBucket

  constructor(limits: SocketLimits, now: () => number = () => performance.now()) {
    this.frames = new TokenBucket(limits.frameBurst, limits.framesPerSecond, now)
    this.logins = new TokenBucket(limits.loginBurst, limits.loginsPerSecond, now)
    this.excess = new TokenBucket(limits.excessBurst, limits.excessForgivenPerSecond, now)
  }

  /** A frame of any kind (charged before it is even parsed). */
  frame(): FrameVerdict {
    return this.frames.take() ? 'handle' : this.overBudget()
  }

  /** A login frame, on top of `frame()`. */
  login(): FrameVerdict {
    return this.logins.take() ? 'handle' : this.overBudget()
  }

  private overBudget(): FrameVerdict {
    return this.excess.take() ? 'ignore' : 'close'
  }
}
