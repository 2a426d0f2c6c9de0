import type { Clock } from '../ports.ts'

/** A clock tests move by hand: trials and plan periods expire on time without waiting. */
export function testClock(start = new Date()) {
  let now = start.getTime()
  const clock: Clock & { advance(ms: number): void } = {
    now: () => new Date(now),
    advance: (ms) => {
      now += ms
    },
  }
  return clock
}
