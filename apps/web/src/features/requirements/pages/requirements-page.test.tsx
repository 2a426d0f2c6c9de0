import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { errorAnswer, fakeApi, jsonAnswer } from '../../../test/fake-api.ts'
import { renderApp } from '../../../test/render-app.tsx'
import { testUser } from '../../../test/test-user.ts'

afterEach(() => vi.unstubAllGlobals())

const texas = {
  required: true,
  requiredDocs: ['STATE_LOCKSMITH_LICENSE', 'PHOTO_ID'],
  message: 'Texas requires a state locksmith license.',
  jurisdiction: 'Texas',
}

describe('requirements page (docs/product.md, "Screens and routes (web)")', () => {
  it('asks the public call for a visitor and shows the documents by their display names', async () => {
    const calls = fakeApi({ 'GET /api/compliance/status/public': () => jsonAnswer(200, texas) })
    await renderApp('/requirements')
    expect(await screen.findByText('State locksmith license')).toBeInTheDocument()
    expect(screen.getByText('Government photo ID')).toBeInTheDocument()
    expect(calls.map((call) => call.key)).toContain('GET /api/compliance/status/public')
  })

  it('asks the signed-in call for a signed-in user', async () => {
    const calls = fakeApi({ 'GET /api/compliance/status': () => jsonAnswer(200, texas) })
    await renderApp('/requirements', { user: testUser() })
    expect(await screen.findByText('Texas requires a state locksmith license.')).toBeInTheDocument()
    expect(calls.map((call) => call.key)).toContain('GET /api/compliance/status')
  })

  it("shows 'Unable to load requirements.' when the call fails, and still lists the licence states", async () => {
    fakeApi({ 'GET /api/compliance/status/public': () => errorAnswer(500, 'Something went wrong') })
    await renderApp('/requirements')
    expect(await screen.findByText('Unable to load requirements.')).toBeInTheDocument()
    expect(screen.getByText('North Carolina')).toBeInTheDocument()
  })
})
