import { DATA_ARCHIVE_MESSAGES } from '@keydesk/contracts/data-archive'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { errorAnswer, fakeApi, jsonAnswer } from '../../../test/fake-api.ts'
import { expectResultFocused } from '../../../test/focus.ts'
import { renderApp } from '../../../test/render-app.tsx'
import { testUser } from '../../../test/test-user.ts'

const security = {
  twoFactorEnabled: false,
  fingerprintEnabled: false,
  lastLogin: null,
  loginHistory: [],
  keycodesByEmail: true,
  enrolmentProof: 'password-or-code',
}
const zip = () =>
  new Response(new Blob(['PK']), {
    status: 200,
    headers: { 'content-type': 'application/zip', 'content-disposition': 'attachment; filename="keydesk-data-2026-11-27.zip"' },
  })

beforeEach(() => {
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:archive'), revokeObjectURL: vi.fn() }))
})
afterEach(() => vi.unstubAllGlobals())

async function openYourData(archive: () => Response) {
  const calls = fakeApi({
    'GET /api/user/profile': () => jsonAnswer(200, {}),
    'GET /api/user/notices': () => jsonAnswer(200, []),
    'GET /api/user/security': () => jsonAnswer(200, security),
    'GET /api/user/security/passkeys': () => jsonAnswer(200, []),
    'GET /api/user/sessions': () => jsonAnswer(200, []),
    'POST /api/user/data-archive': archive,
  })
  await renderApp('/profile?tab=security', { user: testUser() })
  const section = await screen.findByRole('region', { name: DATA_ARCHIVE_MESSAGES.title })
  return { calls, section }
}

describe('Your data (docs/decisions/037)', () => {
  it("asks for the owner's password, downloads the archive and says so, focus on the answer", async () => {
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined)
    const { calls, section } = await openYourData(zip)
    await userEvent.click(within(section).getByRole('button', { name: DATA_ARCHIVE_MESSAGES.button }))
    await userEvent.type(within(section).getByLabelText('Current password'), 'my-password')
    await userEvent.click(within(section).getByRole('button', { name: 'Continue' }))
    await expectResultFocused(DATA_ARCHIVE_MESSAGES.downloaded)
    expect(JSON.parse(String(calls.find((call) => call.key === 'POST /api/user/data-archive')?.body))).toEqual({
      currentPassword: 'my-password',
    })
    expect(clicked).toHaveBeenCalledTimes(1)
    clicked.mockRestore()
  })

  it("shows the server's refusal of a wrong password and keeps the prompt open", async () => {
    const { section } = await openYourData(() => errorAnswer(403, 'That password is not right.', 'FORBIDDEN'))
    await userEvent.click(within(section).getByRole('button', { name: DATA_ARCHIVE_MESSAGES.button }))
    await userEvent.type(within(section).getByLabelText('Current password'), 'wrong')
    await userEvent.click(within(section).getByRole('button', { name: 'Continue' }))
    expect(await within(section).findByText('That password is not right.')).toBeInTheDocument()
    expect(within(section).getByLabelText('Current password')).toBeInTheDocument()
  })
})
