/**
 * Counts open sockets per client address and refuses one past `max`. Counting and checking happen
 * in one synchronous step, so concurrent upgrades cannot slip past the cap together.
 */
export class AddressCap {
  private readonly counts = new Map<string, number>()

  constructor(private readonly max: number) {}

  /**
   * Counts one more socket from `address`, or returns undefined when it already has `max`. The
   * returned release must run when the socket ends; running it again does nothing.
   */
  acquire(address: string): (() => void) | undefined {
    const count = this.counts.get(address) ?? 0
    if (count >= this.max) return undefined
    this.counts.set(address, count + 1)
    let released = false
    return () => {
      if (released) return
      released = true
      const left = (this.counts.get(address) ?? 1) - 1
      // Forgotten at zero: the map holds only addresses with open sockets.
      if (left <= 0) this.counts.delete(address)
      else this.counts.set(address, left)
    }
  }

  /** Open sockets counted for `address`. */
  count(address: string): number {
    return this.counts.get(address) ?? 0
  }
}
