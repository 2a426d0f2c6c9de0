import { afterEach } from 'vitest'
import { describeOpenPages } from './browser.ts'

// A journey that fails on a timeout says only what it waited for; this prints what its pages showed instead, which is
// what a failure seen once in a full run needs to be understood.
afterEach(async ({ task }) => {
  if (task.result?.state !== 'fail') return
  const pages = await describeOpenPages()
  console.log(`What the pages of "${task.name}" showed when it failed:\n${pages || '(no page open)'}`)
})
