import { hasAdminStatus, type Role } from '@keydesk/contracts/roles'
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify'
import fp from 'fastify-plugin'
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose'
import { AppError, loginRequired } from '../../errors.ts'
import type { AccessTokenSubject, AccountReader, Principal, SessionState } from '../../ports.ts'

export const ACCESS_COOKIE = 'access_token'
export const REFRESH_COOKIE = 'refresh_token'
/**
 * Every authenticated call re-reads the account with the token's session, and a token whose session ended (signed out
 * on its device) or whose account's sessions all ended (its session version moved) stops working at once; refresh
 * rotates the tokens within the session.
 */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60

/**
 * Whether an account still backs a session signed with `sessionVersion`: it is active, its version did not move
 * (logout, a new password or a revocation move it), and an admin is still approved.
 */
export function isSessionStanding(account: SessionState | undefined, sessionVersion: number): boolean {
  if (!account?.isActive || account.sessionVersion !== sessionVersion) return false
  return account.role === 'BASEUSER' || account.adminApproval === 'APPROVED'
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireUser`/`requireRole`; null for visitors. */
    principal: Principal | null
  }
  interface FastifyInstance {
    signAccessToken(user: AccessTokenSubject): Promise<string>
    identify(request: FastifyRequest): Promise<Principal | null>
    /** The state of each of these sessions still open, by session id, in one query (the open streams' re-check). */
    readSessionStates(sessionIds: readonly string[]): Promise<Map<string, SessionState>>
  }
}

const ALGORITHM = 'HS256'
const ISSUER = 'keydesk'
/** Bounds the verified-token memory below: about 2 MB at most, and a full map forgets its oldest token first. */
const VERIFIED_TOKENS_KEPT = 10_000

interface VerifiedToken {
  id: string
  sessionVersion: number
  sessionId: string
  /** The token's `exp` claim, in seconds. */
  expiresAt: number
}

/**
 * The access tokens a request carries, bearer first (docs/product.md, 'Conventions': a client sends its bearer and its cookies on every
 * call). A header that is not `Bearer <token>` counts as no bearer.
 */
function readTokens(request: FastifyRequest): string[] {
  const header = request.headers.authorization
  const bearer = header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : ''
  const cookie = request.cookies[ACCESS_COOKIE] ?? ''
  return [bearer, cookie].filter((token, index, tokens) => token !== '' && tokens.indexOf(token) === index)
}

/**
 * The accounts this plugin reads come in as a port (the accounts context's auth module provides it, app.ts passes it
 * in), so this plugin, which every module's guards rely on, imports no module.
 */
async function auth(app: FastifyInstance, { accounts }: { accounts: AccountReader }) {
  // Imported once: given raw bytes, jose imports the key again on every sign and verify, about half its cost.
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(app.config.jwtSecret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  )

  // Tokens are issued and checked on the app's clock, like every other rule that reads time (tests move it).
  const nowSeconds = () => Math.floor(app.clock.now().getTime() / 1000)

  app.decorate('signAccessToken', (user: AccessTokenSubject) => {
    const issuedAt = nowSeconds()
    return new SignJWT({ typ: 'access', role: user.role, sv: user.sessionVersion, sid: user.sessionId })
      .setProtectedHeader({ alg: ALGORITHM })
      .setSubject(user.id)
      .setIssuer(ISSUER)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + ACCESS_TOKEN_TTL_SECONDS)
      .sign(key)
  })
  app.decorateRequest('principal', null)

  /**
   * Tokens this process has already verified, keyed by the whole token, signature included, so only a token that
   * passed jose's checks is ever found here. A signed-in page sends the same token on every call until it expires,
   * and verifying it again through WebCrypto cost 0.13 ms of each answer (docs/performance.md). The account behind
   * it is still read on every call, so ending sessions takes effect at once, as before.
   */
  const verifiedTokens = new Map<string, VerifiedToken>()

  /** The account and session version an access token was signed for, or null when it is not a valid, unexpired access token. */
  async function subjectOf(token: string): Promise<VerifiedToken | null> {
    const known = verifiedTokens.get(token)
    if (known) {
      // A token is spent at its exp second, as jose decides it below.
      if (nowSeconds() < known.expiresAt) return known
      verifiedTokens.delete(token)
      return null
    }
    const verified = await verify(token)
    if (verified) {
      if (verifiedTokens.size >= VERIFIED_TOKENS_KEPT) verifiedTokens.delete(verifiedTokens.keys().next().value as string)
      verifiedTokens.set(token, verified)
    }
    return verified
  }

  async function verify(token: string): Promise<VerifiedToken | null> {
    try {
      const { payload } = await jwtVerify(token, key, {
        algorithms: [ALGORITHM],
        issuer: ISSUER,
        requiredClaims: ['exp', 'sub'],
        currentDate: app.clock.now(),
      })
      if (payload.typ !== 'access' || !payload.sub || !/^[0-9a-f-]{36}$/i.test(payload.sub)) return null
      if (typeof payload.sv !== 'number' || !Number.isInteger(payload.sv)) return null
      // A token from before sessions per device carries no session: it is refused, and its holder signs in again.
      if (typeof payload.sid !== 'string' || !/^[0-9a-f-]{36}$/i.test(payload.sid)) return null
      return { id: payload.sub, sessionVersion: payload.sv, sessionId: payload.sid, expiresAt: payload.exp as number }
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) return null
      throw error
    }
  }

  /**
   * Resolves the principal of a request, or null when no valid token or active account is behind it. A valid
   * bearer wins; a bearer that is not a valid token (`Bearer undefined`, an expired one) falls back to the cookie.
   */
  async function identify(request: FastifyRequest): Promise<Principal | null> {
    let subject: VerifiedToken | null = null
    for (const token of readTokens(request)) {
      subject = await subjectOf(token)
      if (subject) break
    }
    if (!subject) return null
    // Found only while the token's own session is open: signing out on one device ends that device's tokens at once.
    const user = await accounts.readPrincipal(subject.id, subject.sessionId)
    // A token signed before the version moved is dead at once, not when it expires; so is an admin no longer approved.
    if (!user || !isSessionStanding(user, subject.sessionVersion)) return null
    const twoFactorEnabled = user.twoFactorEnabled ?? false
    return {
      id: user.id,
      email: user.email,
      role: user.role,
      fname: user.fname,
      lname: user.lname,
      isValidatedUser: user.isValidatedUser,
      twoFactorEnabled,
      // A passkey sign-in verified its user on the device (something held and a fingerprint, face or PIN), so it
      // stands for the second factor REQUIRE_ADMIN_2FA asks for, as an authenticator app does (decision 022).
      adminPowers: hasAdminStatus(user.role) && (twoFactorEnabled || user.signedInWithPasskey || !app.config.requireAdminTwoFactor),
      sessionVersion: user.sessionVersion,
      sessionId: subject.sessionId,
      signedInWithPasskey: user.signedInWithPasskey,
    }
  }

  // A guard in preHandler ran after validation: a visitor's invalid body or query was answered 400 with what was
  // wrong in it, and checked at the cost of someone not allowed to send it. So every requireUser/requireRole runs
  // in preValidation, before the body and the query are validated, whichever hook the route declared it in.
  app.addHook('onRoute', (route) => {
    const preHandlers = [route.preHandler ?? []].flat()
    const guards = preHandlers.filter((hook) => callersOfGuard(hook) !== undefined)
    if (guards.length === 0) return
    route.preHandler = preHandlers.filter((hook) => !guards.includes(hook))
    route.preValidation = [...guards, ...[route.preValidation ?? []].flat()]
  })

  app.decorate('identify', identify)
  app.decorate('readSessionStates', async (sessionIds: readonly string[]) => {
    if (sessionIds.length === 0) return new Map<string, SessionState>()
    const rows = await accounts.readSessionStates(sessionIds)
    return new Map(rows.map(({ sessionId, ...state }) => [sessionId, state]))
  })
}

export default fp(auth, { name: 'auth', dependencies: ['@fastify/cookie', 'clock'] })

/**
 * Who may call a route (docs/architecture.md, 'How a request flows', and decision 011): `public` lets visitors in, `guest`
 * needs a live guest id or an account, `signed-in` any active account, or else only the listed roles.
 * requireUser and requireRole carry theirs; other routes declare it in `config.access` (route-table.ts).
 */
export type RouteCallers = 'public' | 'guest' | 'signed-in' | readonly Role[]

const guardCallers = new WeakMap<object, RouteCallers>()

/** The callers a guard lets through, or undefined when the hook is not one of the guards below. */
export function callersOfGuard(hook: unknown): RouteCallers | undefined {
  return typeof hook === 'function' ? guardCallers.get(hook) : undefined
}

/** Lets a visitor through but sets `request.principal` when someone is signed in. */
export const identifyUser: preHandlerAsyncHookHandler = async (request: FastifyRequest) => {
  request.principal = await request.server.identify(request)
}

/** Any signed-in, active account. */
export const requireUser: preHandlerAsyncHookHandler = async (request: FastifyRequest) => {
  request.principal = await request.server.identify(request)
  if (!request.principal) throw loginRequired()
}
guardCallers.set(requireUser, 'signed-in')

/** A signed-in account holding one of the roles; 401 for visitors, 403 for other roles. */
export function requireRole(...roles: Role[]): preHandlerAsyncHookHandler {
  const guard: preHandlerAsyncHookHandler = async (request: FastifyRequest) => {
    request.principal = await request.server.identify(request)
    if (!request.principal) throw loginRequired()
    if (!roles.includes(request.principal.role)) throw new AppError('FORBIDDEN', 'Access denied.')
    // The back office needs admin powers, the second factor included (the account can still sign in and reach its
    // own profile's Security tab to enrol one).
    if (request.principal.role !== 'BASEUSER') actsAsAdmin(request.principal)
  }
  guardCallers.set(guard, roles)
  return guard
}

export const ADMIN_TWO_FACTOR_REQUIRED =
  'Two-factor authentication is required for admin accounts. Turn it on in your profile, on the Security tab.'

/**
 * The one answer to "does this call act with admin powers?" for every route and service branch that lets an admin see
 * or do more than a member (another member's profile, files, chat, the back office). False for a member; true for an
 * admin with powers; an admin or super admin still without the second factor REQUIRE_ADMIN_2FA asks for is refused
 * (403) with what to do, rather than quietly served as a member.
 */
export function actsAsAdmin(principal: Principal): boolean {
  if (principal.adminPowers) return true
  if (hasAdminStatus(principal.role)) throw new AppError('FORBIDDEN', ADMIN_TWO_FACTOR_REQUIRED)
  return false
}

/** The principal of a route guarded by requireUser/requireRole. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw loginRequired()
  return request.principal
}

/**
 * Whether an account of this role holds admin powers only with a second factor (REQUIRE_ADMIN_2FA): adding a factor to
 * it must then prove as much as the session it will make (decision 025, modules/accounts/security/enrolment-proof.ts).
 */
export function adminPowersNeedSecondFactor(role: Role, requireAdminTwoFactor: boolean): boolean {
  return requireAdminTwoFactor && hasAdminStatus(role)
}
