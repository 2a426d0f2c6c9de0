/**
 * Runs at most `slots` tasks at once; the others wait in arrival order. A finishing task hands its slot straight to
 * the next waiter, so a caller arriving in between cannot take it too and exceed the bound.
 */
export function concurrencyLimit(slots: number): <T>(work: () => Promise<T>) => Promise<T> {
  let active = 0
  const waiting: (() => void)[] = []
  return async (work) => {
    if (active < slots) active += 1
    else await new Promise<void>((resolve) => waiting.push(resolve))
    try {
      return await work()
    } finally {
      const next = waiting.shift()
      if (next) next()
      else active -= 1
    }
  }
}
