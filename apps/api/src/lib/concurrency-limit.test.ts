import { describe, expect, it } from 'vitest'
import { concurrencyLimit } from './concurrency-limit.ts'

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('concurrencyLimit', () => {
  it('runs at most its slots at once and starts the waiting tasks in arrival order', async () => {
    const run = concurrencyLimit(2)
    const started: number[] = []
    let active = 0
    let peak = 0
    await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        run(async () => {
          started.push(index)
          active += 1
          peak = Math.max(peak, active)
          await tick(index % 3)
          active -= 1
        }),
      ),
    )
    expect(peak).toBe(2)
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6, 7])
  })

  it('frees the slot of a task that fails, and passes its error on', async () => {
    const run = concurrencyLimit(1)
    await expect(run(() => Promise.reject(new Error('decode failed')))).rejects.toThrow('decode failed')
    await expect(run(async () => 'next')).resolves.toBe('next')
  })
})
