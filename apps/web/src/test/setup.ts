import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterEach, beforeEach } from 'vitest'
import { fakeApi } from './fake-api.ts'

// A page a test navigates to loads its code on the visit, as in the browser; on a busy machine that can take longer
// than the default second of findBy.
configure({ asyncUtilTimeout: 3000 })

// No test reaches the network: a call its test did not answer gets the 404 of a server without that route, instead
// of a real request to the test page's address that is torn down with the test (and printed a socket trace).
// Each test starts in a browser that has stored nothing: the test files share their page (isolate: false), and a
// session hint another file's sign-in left made a visitor's page ask for the session it never had.
beforeEach(() => {
  fakeApi({})
  // A file on the node environment (no page) has no storage to clear.
  globalThis.localStorage?.clear()
  globalThis.sessionStorage?.clear()
})

afterEach(() => cleanup())
