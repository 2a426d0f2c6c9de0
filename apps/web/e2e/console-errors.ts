import type { Page } from 'playwright-core'

/** Collects uncaught page errors and console errors, so a journey can assert the app stayed clean. */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  return errors
}
