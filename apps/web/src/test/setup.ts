import '@testing-library/jest-dom/vitest'
import { cleanup } from '@testing-library/react'
import { afterEach, beforeEach } from 'vitest'
import { preloadPages } from '../app/lazy-page.ts'
import '../app/router.tsx'
import { fakeApi } from './fake-api.ts'

// Pages are lazy in the app; tests render them at once, as they were before code splitting.
await preloadPages()

// No test reaches the network: a call its test did not answer gets the 404 of a server without that route, instead
// of a real request to the test page's address that is torn down with the test (and printed a socket trace).
beforeEach(() => {
  fakeApi({})
})

afterEach(() => cleanup())
