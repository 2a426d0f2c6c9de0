import { appendFile } from 'node:fs/promises'
import path from 'node:path'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { inject } from 'vitest'

/**
 * No secret leaks: every test app notes the secrets it is handed (passwords, tokens, keycodes, PINs, portal
 * credentials) and every answer it gives; when the test file closes it, no secret may be found in a log line,
 * and none outside the answers meant to carry it. The global teardown adds up the figures of the whole suite.
 */
type SecretKind = 'password' | 'token' | 'keycode' | 'portal credential'

const FIELD_KINDS: Record<string, SecretKind> = {
  password: 'password',
  newPassword: 'password',
  currentPassword: 'password',
  confirmPassword: 'password',
  token: 'token',
  accessToken: 'token',
  refreshToken: 'token',
  adminCode: 'token',
  secret: 'token',
  keycode: 'keycode',
  pincode: 'keycode',
}

/**
 * Values that occur by chance in ordinary text are not searched for: shorter than 6 characters (a 4-digit PIN
 * turns up in timestamps and ids) or a short plain word (a test's refused password 'password').
 */
function searchable(value: string): boolean {
  return value.length >= 6 && !(value.length < 12 && /^[a-z]+$/i.test(value))
}

/**
 * The answers whose purpose is to carry a keycode or PIN: the owner's own requests, and the admins' transaction
 * list (GET /admin/transactions in docs/product.md, 'Back office', lists each vehicle's keycode), a guest's order link (docs/decisions/013),
 * and an Enterprise business's order list, which shows its owner and a location's managers their people's codes
 * (docs/decisions/039). Anywhere else a keycode is a leak.
 */
const KEYCODE_ROUTES = new Set([
  'GET /api/vehicle/user-requests',
  'GET /api/admin/transactions',
  'POST /api/order-link',
  'GET /api/team/orders',
])
const PORTAL_CREDENTIAL_ROUTES = new Set(['POST /api/api/keycodes/creds'])

interface Answer {
  route: string
  body: string
  /** Tokens this answer handed out, such as the access token of a sign-in. */
  issued: Set<string>
}

export interface ScanFigures {
  logLines: number
  answers: number
  secrets: number
  leaks: number
}

export interface SecretScan {
  /** Each secret logged, or answered where it does not belong, described in one line. */
  findLeaks(logs: string): { leaks: string[]; figures: ScanFigures }
}

export function scanForSecrets(app: FastifyInstance, env: Record<string, string>): SecretScan {
  const secrets = new Map<string, SecretKind>()
  const answers: Answer[] = []
  const note = (value: unknown, kind: SecretKind, issued?: Set<string>) => {
    if (typeof value !== 'string' || !searchable(value)) return
    secrets.set(value, kind)
    if (kind === 'token') issued?.add(value)
  }
  /** From a request every secret field counts; from an answer only the tokens it hands out. */
  const noteFields = (value: unknown, issued?: Set<string>, depth = 0) => {
    if (depth > 8 || value === null || typeof value !== 'object') return
    for (const [key, field] of Object.entries(value)) {
      const kind = FIELD_KINDS[key]
      if (kind && (!issued || kind === 'token')) note(field, kind, issued)
      else if (!kind) noteFields(field, issued, depth + 1)
    }
  }
  for (const [name, value] of Object.entries(env)) if (name.startsWith('KCH_')) note(value, 'portal credential')

  app.addHook('preHandler', async (request: FastifyRequest) => {
    noteFields(request.body)
    noteFields(request.query)
    note(request.headers.authorization?.replace(/^Bearer /i, ''), 'token')
    for (const cookie of Object.values(request.cookies ?? {})) note(cookie, 'token')
  })
  app.addHook('onSend', async (request, reply, payload) => {
    const issued = new Set<string>()
    for (const cookie of [reply.getHeader('set-cookie') ?? []].flat()) note(String(cookie).split(';')[0]?.split('=')[1], 'token')
    if (typeof payload === 'string') {
      if (payload.startsWith('{')) noteFields(safeParse(payload), issued)
      answers.push({ route: `${request.method} ${request.routeOptions.url ?? request.url}`, body: payload, issued })
    }
    return payload
  })

  return {
    findLeaks(logs) {
      const leaks: string[] = []
      const logLines = logs.split('\n').filter(Boolean)
      for (const [value, kind] of secrets) {
        const logged = logLines.find((line) => line.includes(value))
        if (logged) leaks.push(`${kind} ${JSON.stringify(value)} in a log line: ${logged.slice(0, 200)}`)
      }
      if (logs.includes('$argon2')) leaks.push('a password hash in a log line')
      for (const answer of answers) {
        if (answer.body.includes('$argon2')) leaks.push(`a password hash in the answer to ${answer.route}`)
        for (const [value, kind] of secrets) {
          if (!answer.body.includes(value) || meantFor(kind, answer, value)) continue
          leaks.push(`${kind} ${JSON.stringify(value)} in the answer to ${answer.route}`)
        }
      }
      const unique = [...new Set(leaks)]
      return { leaks: unique, figures: { logLines: logLines.length, answers: answers.length, secrets: secrets.size, leaks: unique.length } }
    },
  }
}

function meantFor(kind: SecretKind, answer: Answer, value: string): boolean {
  switch (kind) {
    case 'password':
      return false
    // A token travels in the one answer that hands it out and never comes back in another.
    case 'token':
      return answer.issued.has(value)
    case 'keycode':
      return KEYCODE_ROUTES.has(answer.route)
    case 'portal credential':
      return PORTAL_CREDENTIAL_ROUTES.has(answer.route)
  }
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}

/** One line per test app into the suite's scan file (global-setup.ts), summed and printed at the end. */
export async function recordSecretScan(figures: ScanFigures) {
  const dir = inject('secretScanDir')
  if (dir) await appendFile(path.join(dir, 'scan.jsonl'), `${JSON.stringify(figures)}\n`)
}
