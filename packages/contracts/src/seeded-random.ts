/**
 * A small seeded generator (mulberry32) for the property tests: every run draws the same cases, and a failure names
 * its seed.
 */
export function seededRandom(seed: number) {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const integer = (min: number, max: number) => min + Math.floor(next() * (max - min + 1))
  const pick = <T>(values: readonly T[]): T => values[integer(0, values.length - 1)] as T
  return { integer, pick }
}
