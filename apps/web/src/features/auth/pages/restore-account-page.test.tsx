import { ACCOUNT_CLOSING_MESSAGES } from '@keydesk/contracts/account-closing'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { errorAnswer, fakeApi, jsonAnswer } from '../../../test/fake-api.ts'
import { renderApp } from '../../../test/render-app.tsx'

afterEach(() => vi.unstubAllGlobals())

describe('restore account screen (docs/decisions/035)', () => {
  it('sends the token of the link and shows the answer with a way to sign in', async () => {
    const calls = fakeApi({ 'POST /api/auth/restore-account': () => jsonAnswer(200, { message: ACCOUNT_CLOSING_MESSAGES.restored }) })
    await renderApp('/restore-account#tok-123')
    await userEvent.click(screen.getByRole('button', { name: 'Restore my account' }))
    expect(await screen.findByText(ACCOUNT_CLOSING_MESSAGES.restored)).toBeInTheDocument()
    expect(JSON.parse(String(calls[0]?.body))).toEqual({ token: 'tok-123' })
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login')
  })

  it("shows the server's refusal for a link used already or out of time", async () => {
    fakeApi({ 'POST /api/auth/restore-account': () => errorAnswer(404, ACCOUNT_CLOSING_MESSAGES.restoreLinkInvalid) })
    await renderApp('/restore-account#used')
    await userEvent.click(screen.getByRole('button', { name: 'Restore my account' }))
    expect(await screen.findByText(ACCOUNT_CLOSING_MESSAGES.restoreLinkInvalid)).toBeInTheDocument()
  })

  it('says the link does not work when it carries no token, and calls nothing', async () => {
    const calls = fakeApi({})
    await renderApp('/restore-account')
    expect(screen.getByRole('alert')).toHaveTextContent(ACCOUNT_CLOSING_MESSAGES.restoreLinkInvalid)
    expect(calls).toEqual([])
  })
})
