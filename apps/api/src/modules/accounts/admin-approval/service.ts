import {
  ACCOUNT_MESSAGES,
  type AdminAccount,
  APPROVAL_NOTES,
  type DecidedAdmin,
  decisionReason,
  isRevocationNotes,
} from '@keydesk/contracts/accounts-api'
import type { Role } from '@keydesk/contracts/roles'
import type { OwnerProof } from '@keydesk/contracts/security'
import type { DbExecutor } from '../../../db/database.ts'
import { AppError } from '../../../errors.ts'
import { actsAsAdmin } from '../../../plugins/app/auth.ts'
import type { Principal, Uses } from '../../../ports.ts'
import { latestActionsOn, recordAction } from '../../platform/index.ts'
import { announceSessionsEnded, endAllSessions } from '../auth/end-sessions.ts'
import {
  listAdminAccounts,
  listRejectedAdminAccounts,
  lockApprovedSuperAdminIds,
  setAdminApproval,
} from '../members/admin-views-repository.ts'
import { findUserNames } from '../members/contact-repository.ts'
import { assertOwnerProof } from '../security/owner-proof.ts'
import { createSecretBox } from '../security/totp-secret-box.ts'

/**
 * The API contract names the acting super admin by e-mail (docs/product.md, 'Super admin'). The server acts as the signed-in super admin and refuses
 * a named one that is someone else, so a payload can never borrow another identity.
 */
export function assertActingSuperAdmin(principal: Principal, superAdminEmail: string | undefined) {
  if (principal.role !== 'SUPER_ADMIN' || !actsAsAdmin(principal) || (superAdminEmail && superAdminEmail !== principal.email)) {
    throw new AppError('FORBIDDEN', ACCOUNT_MESSAGES.onlySuperAdmins)
  }
}

const MAX_ADMIN_LIST = 500

export function listAdmins(ports: Uses<'database'>, approval: 'PENDING' | 'APPROVED'): Promise<AdminAccount[]> {
  return listAdminAccounts(ports.database.db, approval, MAX_ADMIN_LIST)
}

const DECLINING_ACTIONS = ['ADMIN_REJECTED', 'ADMIN_REVOKED'] as const

/**
 * Rejected and revoked admins with who decided, when and why: the accounts in one query, their newest decision from
 * the action log and the deciders' names in one batched query each, never one per row.
 */
export async function listDecidedAdmins(
  ports: Uses<'database'>,
  page: { search?: string; limit: number; offset: number },
): Promise<DecidedAdmin[]> {
  const db = ports.database.db
  const accounts = await listRejectedAdminAccounts(db, page)
  const logged = await latestActionsOn(
    db,
    'user',
    accounts.map((account) => account.id),
    DECLINING_ACTIONS,
  )
  const decisions = new Map(logged.map((entry) => [entry.targetId, entry]))
  const actorIds = [...new Set([...decisions.values()].flatMap((entry) => (entry.actorId ? [entry.actorId] : [])))]
  const actors = await findUserNames(db, actorIds)
  return accounts.map((account) => {
    const decision = decisions.get(account.id)
    const notes = account.adminApprovalNotes
    const actor = decision?.actorId ? actors.get(decision.actorId) : undefined
    // The account's own notes say why (a later decision rewrites them); the log says who and when, and how it was logged.
    const revoked = decision ? decision.action === 'ADMIN_REVOKED' : notes !== null && isRevocationNotes(notes)
    return {
      id: account.id,
      fname: account.fname,
      lname: account.lname,
      email: account.email,
      company: account.company,
      role: account.role === 'SUPER_ADMIN' ? 'SUPER_ADMIN' : 'ADMIN',
      kind: revoked ? 'REVOKED' : 'REJECTED',
      reason: notes === null ? null : decisionReason(notes),
      decidedAt: (decision?.createdAt ?? account.updatedAt).toISOString(),
      decidedBy: decision?.actorId && actor ? { id: decision.actorId, name: `${actor.fname} ${actor.lname}`.trim() || actor.email } : null,
    }
  })
}

type DecisionPorts = Uses<'database' | 'clock' | 'events' | 'log'>

async function decide(ports: DecisionPorts, actor: Principal, adminId: string, approval: 'APPROVED' | 'REJECTED', notes: string) {
  if (adminId === actor.id) throw new AppError('FORBIDDEN', ACCOUNT_MESSAGES.cannotActOnSelf)
  const now = ports.clock.now()
  await ports.database.db.transaction(async (tx) => {
    if (approval === 'REJECTED') {
      // Another super admin may be revoked (a compromised one must not stay), never the last one.
      const superAdmins = await lockApprovedSuperAdminIds(tx)
      // Revoked meanwhile (two super admins revoking each other at once): the later one acts no more.
      if (!superAdmins.includes(actor.id)) throw new AppError('FORBIDDEN', ACCOUNT_MESSAGES.onlySuperAdmins)
      if (superAdmins.includes(adminId) && superAdmins.length <= 1) throw new AppError('CONFLICT', ACCOUNT_MESSAGES.lastSuperAdmin)
    }
    if (!(await setAdminApproval(tx, adminId, approval, notes, now))) throw new AppError('NOT_FOUND', ACCOUNT_MESSAGES.notAnAdminAccount)
    // A rejected or revoked admin loses every session at once (the access guard also re-reads approval).
    if (approval === 'REJECTED') await endAllSessions(tx, adminId, now)
    await recordAction(tx, {
      actorId: actor.id,
      action: approval === 'APPROVED' ? 'ADMIN_APPROVED' : isRevocationNotes(notes) ? 'ADMIN_REVOKED' : 'ADMIN_REJECTED',
      targetType: 'user',
      targetId: adminId,
      details: { notes },
    })
  })
  if (approval === 'REJECTED') await announceSessionsEnded(ports, adminId)
}

export async function approveAdmin(ports: DecisionPorts, actor: Principal, adminId: string, notes: string | undefined) {
  await decide(ports, actor, adminId, 'APPROVED', notes || APPROVAL_NOTES.approved)
  return { message: ACCOUNT_MESSAGES.adminApproved }
}

/** Reject a pending admin, or revoke an approved one (docs/product.md, 'Super admin': a revoke is a rejection with
 * its own notes). */
export async function rejectAdmin(ports: DecisionPorts, actor: Principal, adminId: string, notes: string | undefined) {
  await decide(ports, actor, adminId, 'REJECTED', notes || APPROVAL_NOTES.rejected)
  return { message: ACCOUNT_MESSAGES.adminRejected }
}

/**
 * A super admin's account may be deleted only by its owner's proof (the password or a current code, decision 014),
 * and never the last approved one, the rule revocation follows; checked in the deletion's transaction, with the super
 * admins locked, so two deleting themselves at once cannot both go. Other accounts pass.
 */
export async function assertAccountMayBeDeleted(
  db: DbExecutor,
  ports: Uses<'totpKey' | 'config'>,
  account: { id: string; email: string; role: Role },
  proof: OwnerProof,
  now: Date,
): Promise<void> {
  if (account.role !== 'SUPER_ADMIN') return
  await assertOwnerProof(db, createSecretBox(ports.totpKey, ports.config.jwtSecret), account, proof, now)
  const superAdmins = await lockApprovedSuperAdminIds(db)
  if (superAdmins.includes(account.id) && superAdmins.length <= 1) throw new AppError('CONFLICT', ACCOUNT_MESSAGES.lastSuperAdminDeletion)
}
