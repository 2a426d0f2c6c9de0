import type { Role } from '@keydesk/contracts/roles'
import { asc, eq } from 'drizzle-orm'
import { complianceDocuments } from '../db/schema/compliance.ts'
import { files } from '../db/schema/files.ts'
import { memberProfiles } from '../db/schema/member.ts'
import { cartItems, vehicleRequests } from '../db/schema/ordering.ts'
import { users } from '../db/schema/users.ts'
import { hashPassword } from '../modules/accounts/members/passwords.ts'
import { GOOD_PASSWORD, registerAndSignIn, type SignedIn, signIn, signInAsBootstrapSuperAdmin, uniqueEmail, uniqueIp } from './accounts.ts'
import { createMember } from './members.ts'
import { addRequestsToCart, checkout } from './payments.ts'
import { createLocation, joinTeam } from './teams.ts'
import type { TestApp } from './test-app.ts'

/**
 * The callers of the access matrix; the owner comes last so its own destructive calls run after the others'.
 * The matrix runs as production does, with REQUIRE_ADMIN_2FA: `admin` and `superAdmin` hold an authenticator, and
 * `adminWithoutFactor` is an approved admin who has not enrolled one, so holds no admin powers (decision 018).
 * `teamOwner`, `teamManager` and `teamTechnician` are the three roles of another business's Enterprise team
 * (decision 039), each holding the business's plan: none of them may reach the owner's objects.
 */
export const PRINCIPALS = [
  'visitor',
  'guest',
  'otherUser',
  'pendingAdmin',
  'revokedUser',
  'adminWithoutFactor',
  'admin',
  'superAdmin',
  'teamOwner',
  'teamManager',
  'teamTechnician',
  'owner',
] as const
export type Who = (typeof PRINCIPALS)[number]

/** The role the server sees; null where no active account is behind the call (a pending admin or revoked user is a visitor). */
export const ROLE_SEEN: Record<Who, Role | null> = {
  visitor: null,
  guest: null,
  otherUser: 'BASEUSER',
  pendingAdmin: null,
  revokedUser: null,
  adminWithoutFactor: 'ADMIN',
  admin: 'ADMIN',
  superAdmin: 'SUPER_ADMIN',
  teamOwner: 'BASEUSER',
  teamManager: 'BASEUSER',
  teamTechnician: 'BASEUSER',
  owner: 'BASEUSER',
}

/** Who acts with admin powers: an approved admin or super admin with the second factor the matrix's app requires. */
export const ADMIN_POWERS: Record<Who, boolean> = {
  visitor: false,
  guest: false,
  otherUser: false,
  pendingAdmin: false,
  revokedUser: false,
  adminWithoutFactor: false,
  admin: true,
  superAdmin: true,
  teamOwner: false,
  teamManager: false,
  teamTechnician: false,
  owner: false,
}

/** The app the matrix calls: production's rule that admin powers need a confirmed authenticator. */
export const MATRIX_ENV = { REQUIRE_ADMIN_2FA: 'true' }

export interface MatrixWorld {
  headers: Record<Who, Record<string, string>>
  /** The refresh token of each principal's own session (visitors and guests have none). */
  refreshTokens: Partial<Record<Who, string>>
  guestUserId: string
  owner: {
    id: string
    email: string
    /** Kept through the matrix (edited, looked up). */
    requestId: string
    /** Deleted by the owner's own DELETE /vehicle/delete-request call. */
    deletableRequestId: string
    /** Removed by the owner's own DELETE /cart/remove call. */
    removableCartItemId: string
    sessionId: string
    fileId: string
    documentId: string
  }
  /** Accounts that admin calls act on, so that no principal of the matrix is validated, revoked, approved or rejected. */
  targets: { validate: string; revoke: string; approve: string; reject: string }
  /** An account with a real password, for the sign-in and refresh calls. */
  login: { email: string; password: string }
}

/**
 * Builds one principal of each kind and the objects of a first business user (the owner): keycode requests in the
 * cart, a checkout session, uploaded documents, a chat message.
 */
export async function buildMatrixWorld(testApp: TestApp): Promise<MatrixWorld> {
  const { db } = testApp.app.database
  const owner = await registerAndSignIn(testApp)
  await addRequestsToCart(testApp, 3, owner.headers)
  const session = await checkout(testApp, 3 * 6000, owner.headers)
  if (session.statusCode !== 200) throw new Error(`owner checkout failed: ${session.body}`)
  // A running trial gives the owner premium access, so the owner's own chat calls reach the conversation.
  await call(testApp, 'POST', '/api/trial/start?tier=PROFESSIONAL', owner.headers)
  await call(testApp, 'POST', '/api/chat/send', owner.headers, { message: 'A first message of the owner.' })

  const requests = await db
    .select({ id: vehicleRequests.id, cartItemId: cartItems.id })
    .from(vehicleRequests)
    .innerJoin(cartItems, eq(cartItems.vehicleRequestId, vehicleRequests.id))
    .where(eq(vehicleRequests.userId, owner.id))
    .orderBy(asc(vehicleRequests.createdAt), asc(vehicleRequests.vin))
  const [kept, deletable, removable] = requests
  if (!kept || !deletable || !removable) throw new Error('owner requests missing')
  const [file] = await db.select({ id: files.id }).from(files).where(eq(files.ownerUserId, owner.id)).limit(1)
  const [document] = await db
    .select({ id: complianceDocuments.id })
    .from(complianceDocuments)
    .where(eq(complianceDocuments.userId, owner.id))
    .limit(1)
  if (!file || !document) throw new Error('owner documents missing')

  const { guestUserId } = await addRequestsToCart(testApp, 1)
  if (!guestUserId) throw new Error('no guest id')
  // Real sign-ins, so that every account also holds a refresh token for the refresh call.
  const passwordHash = await hashPassword(GOOD_PASSWORD)
  const account = async (role: Role, extra: Partial<typeof users.$inferInsert> = {}) => {
    const email = uniqueEmail(`matrix-${role.toLowerCase()}`)
    const adminApproval = role === 'BASEUSER' ? null : 'APPROVED'
    await db.insert(users).values({ email, passwordHash, fname: 'Matrix', lname: role, role, adminApproval, ...extra })
    return signIn(testApp, email, GOOD_PASSWORD)
  }
  // The authenticator is marked confirmed directly: how it is enrolled is the security module's own test.
  const withFactor = async (session: SignedIn) => {
    await db
      .insert(memberProfiles)
      .values({ userId: session.id, twoFactorEnabled: true })
      .onConflictDoUpdate({ target: memberProfiles.userId, set: { twoFactorEnabled: true } })
    return session
  }
  const otherUser = await account('BASEUSER')
  const admin = await withFactor(await account('ADMIN'))
  const adminWithoutFactor = await account('ADMIN')
  const revokedUser = await account('BASEUSER')
  await call(testApp, 'PATCH', `/api/admin/users/${revokedUser.id}/revoke`, admin.headers)
  // Signed in while approved, then the approval is withdrawn: the open session must stop working.
  const pendingAdmin = await account('ADMIN')
  await db.update(users).set({ adminApproval: 'PENDING' }).where(eq(users.id, pendingAdmin.id))
  const superAdmin = await withFactor(await signInAsBootstrapSuperAdmin(testApp))
  const login = await account('BASEUSER')
  const teamOwner = await account('BASEUSER', { isValidatedUser: true, subscriptionTier: 'ENTERPRISE', company: 'Matrix Team' })
  const location = await createLocation(testApp, teamOwner, 'Matrix shop')
  const teamManager = await joinTeam(testApp, teamOwner, 'MANAGER', location.id)
  const teamTechnician = await joinTeam(testApp, teamOwner, 'TECHNICIAN', location.id)

  const refreshOf = (session: SignedIn) => session.cookies.refresh_token ?? ''
  return {
    headers: {
      visitor: {},
      guest: {},
      otherUser: otherUser.headers,
      pendingAdmin: pendingAdmin.headers,
      revokedUser: revokedUser.headers,
      adminWithoutFactor: adminWithoutFactor.headers,
      admin: admin.headers,
      superAdmin: superAdmin.headers,
      teamOwner: teamOwner.headers,
      teamManager: teamManager.headers,
      teamTechnician: teamTechnician.headers,
      owner: owner.headers,
    },
    refreshTokens: {
      otherUser: refreshOf(otherUser),
      pendingAdmin: refreshOf(pendingAdmin),
      revokedUser: refreshOf(revokedUser),
      adminWithoutFactor: refreshOf(adminWithoutFactor),
      admin: refreshOf(admin),
      superAdmin: refreshOf(superAdmin),
      teamOwner: refreshOf(teamOwner),
      teamManager: refreshOf(teamManager),
      teamTechnician: refreshOf(teamTechnician),
      owner: refreshOf(owner),
    },
    guestUserId,
    owner: {
      id: owner.id,
      email: owner.email,
      requestId: kept.id,
      deletableRequestId: deletable.id,
      removableCartItemId: removable.cartItemId,
      sessionId: session.json().sessionId,
      fileId: file.id,
      documentId: document.id,
    },
    targets: {
      validate: (await createMember(testApp, 'BASEUSER')).id,
      revoke: (await createMember(testApp, 'BASEUSER')).id,
      approve: (await createMember(testApp, 'ADMIN', { adminApproval: 'PENDING' })).id,
      reject: (await createMember(testApp, 'ADMIN', { adminApproval: 'PENDING' })).id,
    },
    login: { email: login.email, password: GOOD_PASSWORD },
  }
}

async function call(testApp: TestApp, method: 'POST' | 'PATCH', url: string, headers: Record<string, string>, payload?: object) {
  const answer = await testApp.app.inject({ method, url, headers, payload, remoteAddress: uniqueIp() })
  if (answer.statusCode >= 300) throw new Error(`${method} ${url} failed ${answer.statusCode}: ${answer.body}`)
  return answer
}
