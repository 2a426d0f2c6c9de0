import { PORTAL_COPY_MESSAGE_MS } from '@keydesk/contracts/limits'
import { missingCredentialsMessage, PORTAL_MESSAGES, type PortalsConfig } from '@keydesk/contracts/portals'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { PortalsScreen } from './portals-screen.tsx'

const config: PortalsConfig = {
  meta: { vsp_id: '4E1B0D2W' },
  manufacturers: [
    { id: 'ford', name: 'Ford', portal_url: 'https://ford.example/keycode', notes: 'Motorcraft portal' },
    { id: 'mazda', name: 'Mazda', portal_url: 'https://mazda.example', sdrm: true },
    { id: 'mercedes_benz', name: 'Mercedes-Benz', portal_url: 'https://sdrm.example', sdrm: true, comingSoon: true },
    { id: 'mini', name: 'Mini', comingSoon: true },
  ],
}

type Answer = { status: number; body?: unknown } | 'network-error'
let answers: Record<string, Answer[]>
let requests: { url: string; init?: RequestInit }[]

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
}

beforeEach(() => {
  requests = []
  answers = {}
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      requests.push({ url, init })
      const key = url.replace(/^.*?\/api/, '')
      const answer = answers[key]?.shift()
      if (!answer) throw new Error(`unexpected call ${url}`)
      if (answer === 'network-error') throw new TypeError('Failed to fetch')
      return json(answer.status, answer.body)
    }),
  )
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

function renderScreen(isSuperAdmin = false) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  return render(
    <QueryClientProvider client={client}>
      <PortalsScreen isSuperAdmin={isSuperAdmin} />
    </QueryClientProvider>,
  )
}

const errorAnswer = (status: number, message: string) => ({ status, body: { code: 'X', message, error: message } })

describe('portals screen states', () => {
  it('shows the loading text while the configuration loads', () => {
    answers['/keycode-portals.json'] = [{ status: 200, body: config }]
    renderScreen()
    expect(screen.getByText(PORTAL_MESSAGES.loading)).toBeInTheDocument()
  })

  it('shows Configuration Error with Retry when the load fails, and Retry loads it again', async () => {
    answers['/keycode-portals.json'] = [errorAnswer(500, 'boom'), { status: 200, body: config }]
    renderScreen()
    expect(await screen.findByText(PORTAL_MESSAGES.errorTitle)).toBeInTheDocument()
    expect(screen.getByText(PORTAL_MESSAGES.configFailed)).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }))
    expect(await screen.findByRole('heading', { name: PORTAL_MESSAGES.title })).toBeInTheDocument()
  })

  it('shows No Data Available when the configuration lists no portal', async () => {
    answers['/keycode-portals.json'] = [{ status: 200, body: { meta: { vsp_id: 'X' }, manufacturers: [] } }]
    renderScreen()
    expect(await screen.findByText(PORTAL_MESSAGES.emptyTitle)).toBeInTheDocument()
    expect(screen.getByText(PORTAL_MESSAGES.emptyMessage)).toBeInTheDocument()
  })

  it('shows the header, the vsp id, the role badge and the authenticator warning with store links', async () => {
    answers['/keycode-portals.json'] = [{ status: 200, body: config }]
    renderScreen(true)
    expect(await screen.findByRole('heading', { name: 'Keycode Portals' })).toBeInTheDocument()
    expect(screen.getByText('4E1B0D2W')).toBeInTheDocument()
    expect(screen.getByText('Super Admin')).toBeInTheDocument()
    const warning = screen.getByRole('complementary', { name: 'Two-factor authentication' })
    expect(warning).toHaveTextContent('MUST be installed')
    expect(within(warning).getByRole('link', { name: 'iOS App Store' })).toHaveAttribute('href', expect.stringContaining('apps.apple.com'))
    expect(within(warning).getByRole('link', { name: 'Google Play (Android)' })).toHaveAttribute(
      'href',
      expect.stringContaining('play.google.com'),
    )
  })

  it('shows the Admin badge for an ADMIN', async () => {
    answers['/keycode-portals.json'] = [{ status: 200, body: config }]
    renderScreen(false)
    expect(await screen.findByText('Admin')).toBeInTheDocument()
  })
})

describe('portal cards', () => {
  beforeEach(() => {
    answers['/keycode-portals.json'] = [{ status: 200, body: config }]
  })

  const card = (name: string) => screen.getByRole('article', { name })

  it('badges Coming Soon before SDRM and shows notes', async () => {
    renderScreen()
    await screen.findByRole('heading', { name: 'Keycode Portals' })
    expect(within(card('Mercedes-Benz')).getByText('Coming Soon')).toBeInTheDocument()
    expect(within(card('Mercedes-Benz')).queryByText('SDRM')).toBeNull()
    expect(within(card('Mazda')).getByText('SDRM')).toBeInTheDocument()
    expect(within(card('Ford')).getByText('Motorcraft portal')).toBeInTheDocument()
  })

  it('makes every card fill its grid cell, so the cards of a row are equally wide', async () => {
    renderScreen()
    await screen.findByRole('heading', { name: 'Keycode Portals' })
    for (const name of ['Ford', 'Mazda', 'Mini']) expect(card(name).className).toContain('w-full')
  })

  it('opens the portal in a new tab without opener access', async () => {
    renderScreen()
    await screen.findByRole('heading', { name: 'Keycode Portals' })
    const launch = within(card('Ford')).getByRole('link', { name: 'Launch Ford portal' })
    expect(launch).toHaveAttribute('href', 'https://ford.example/keycode')
    expect(launch).toHaveAttribute('target', '_blank')
    expect(launch).toHaveAttribute('rel', 'noopener noreferrer')
  })

  it('sets a portal without portal_url apart and offers neither Launch nor Copy Creds', async () => {
    renderScreen()
    await screen.findByRole('heading', { name: 'Keycode Portals' })
    const mini = card('Mini')
    expect(within(mini).getByText('Portal not available')).toBeInTheDocument()
    expect(within(mini).queryByRole('link')).toBeNull()
    expect(within(mini).queryByRole('button')).toBeNull()
    expect(mini.className).toContain('bg-slate-50')
    // Fading the card would fail the text's contrast.
    expect(mini.className).not.toContain('opacity')
  })

  it('copies the two-line credentials and shows the green success text for 3 seconds', async () => {
    const writeText = vi.fn(async () => undefined)
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } })
    answers['/api/keycodes/creds'] = [{ status: 200, body: { username: 'ford-user', password: 'p@ss' } }]
    renderScreen()
    await screen.findByRole('heading', { name: 'Keycode Portals' })
    vi.useFakeTimers({ shouldAdvanceTime: true })
    await userEvent.click(within(card('Ford')).getByRole('button', { name: 'Copy Creds for Ford' }))
    const message = await within(card('Ford')).findByText(PORTAL_MESSAGES.copied)
    expect(writeText).toHaveBeenCalledWith('Username: ford-user\nPassword: p@ss')
    expect(JSON.parse(String(requests.at(-1)?.init?.body))).toEqual({ oem: 'ford' })
    expect(message.className).toContain('text-green')
    await act(async () => {
      vi.advanceTimersByTime(PORTAL_COPY_MESSAGE_MS + 10)
    })
    expect(within(card('Ford')).queryByText(PORTAL_MESSAGES.copied)).toBeNull()
  })

  it('falls back to a temporary text area when the Clipboard API refuses', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: vi.fn(async () => Promise.reject(new Error('denied'))) } })
    let copiedText = ''
    const execCommand = vi.fn(() => {
      copiedText = document.querySelector('textarea')?.value ?? ''
      return true
    })
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true })
    answers['/api/keycodes/creds'] = [{ status: 200, body: { username: 'u', password: 'p' } }]
    renderScreen()
    await screen.findByRole('heading', { name: 'Keycode Portals' })
    await userEvent.click(within(card('Ford')).getByRole('button', { name: 'Copy Creds for Ford' }))
    expect(await within(card('Ford')).findByText(PORTAL_MESSAGES.copied)).toBeInTheDocument()
    expect(execCommand).toHaveBeenCalledWith('copy')
    expect(copiedText).toBe('Username: u\nPassword: p')
    expect(document.querySelector('textarea')).toBeNull()
  })

  it.each([
    [400, PORTAL_MESSAGES.invalidRequest],
    [403, PORTAL_MESSAGES.accessDenied],
    [404, PORTAL_MESSAGES.unknownOem],
    [409, 'Upstream said no'],
    [429, PORTAL_MESSAGES.rateLimited],
    [502, 'Upstream said no'],
  ])('shows the documented text for a %i answer', async (status, text) => {
    answers['/api/keycodes/creds'] = [errorAnswer(status, 'Upstream said no')]
    renderScreen()
    await screen.findByRole('heading', { name: 'Keycode Portals' })
    await userEvent.click(within(card('Ford')).getByRole('button', { name: 'Copy Creds for Ford' }))
    expect(await within(card('Ford')).findByText(text)).toBeInTheDocument()
  })

  it('tells an admin to ask the operator, in red, when the server has no login for the portal', async () => {
    const text = missingCredentialsMessage()
    answers['/api/keycodes/creds'] = [errorAnswer(409, text)]
    renderScreen()
    await screen.findByRole('heading', { name: 'Keycode Portals' })
    await userEvent.click(within(card('Ford')).getByRole('button', { name: 'Copy Creds for Ford' }))
    const message = await within(card('Ford')).findByText(text)
    expect(message.className).toContain('text-red')
  })

  it('shows Failed to copy credentials in red when no answer arrives', async () => {
    answers['/api/keycodes/creds'] = ['network-error']
    renderScreen()
    await screen.findByRole('heading', { name: 'Keycode Portals' })
    await userEvent.click(within(card('Ford')).getByRole('button', { name: 'Copy Creds for Ford' }))
    const message = await within(card('Ford')).findByText(PORTAL_MESSAGES.copyFailed)
    expect(message.className).toContain('text-red')
  })

  it('disables Copy Creds while the call is under way', async () => {
    let release: (response: Response) => void = () => undefined
    answers['/api/keycodes/creds'] = []
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url.endsWith('/keycode-portals.json')) return json(200, config)
        return new Promise<Response>((resolve) => {
          release = resolve
        })
      }),
    )
    renderScreen()
    await screen.findByRole('heading', { name: 'Keycode Portals' })
    const button = within(card('Ford')).getByRole('button', { name: 'Copy Creds for Ford' })
    await userEvent.click(button)
    await waitFor(() => expect(button).toBeDisabled())
    release(json(409, { code: 'CONFLICT', message: 'x', error: 'x' }))
    await waitFor(() => expect(button).toBeEnabled())
  })
})
