import '@testing-library/jest-dom/vitest'
import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'
import { preloadPages } from '../app/lazy-page.ts'
import '../app/router.tsx'

// Pages are lazy in the app; tests render them at once, as they were before code splitting.
await preloadPages()

afterEach(() => cleanup())
