/** A seeded pseudo-random source: the same seed gives the same numbers (mulberry32). */
export interface Random {
  /** Uniform in [0, 1). */
  next(): number
  /** Standard normal (Box-Muller). */
  normal(): number
}

export function seededRandom(seed: number): Random {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
  return {
    next,
    normal() {
      const u = 1 - next() // (0, 1]
      return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * next())
    },
  }
}

/** A stable 32-bit seed from a text (FNV-1a), e.g. an instrument code. */
export function seedOf(text: string): number {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193)
  return hash >>> 0
}
