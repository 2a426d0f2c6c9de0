import { ACCOUNT_MESSAGES, type AdminAccount, APPROVAL_NOTES } from '@keydesk/contracts/accounts-api'
import { AppError } from '../../errors.ts'
import { actsAsAdmin, type Principal } from '../../plugins/auth.ts'
import type { Uses } from '../../ports.ts'
import { recordAction } from '../action-log/repository.ts'
import { announceSessionsEnded, endAllSessions } from '../auth/end-sessions.ts'
import { listAdminAccounts, lockApprovedSuperAdminIds, setAdminApproval } from '../auth/repository.ts'

/**
 * docs/product.md §12 names the acting super admin by e-mail. The server acts as the signed-in super admin and refuses
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
      action: approval === 'APPROVED' ? 'ADMIN_APPROVED' : notes === APPROVAL_NOTES.revoked ? 'ADMIN_REVOKED' : 'ADMIN_REJECTED',
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

/** Reject a pending admin, or revoke an approved one (docs/product.md §6: a revoke is a rejection with its own notes). */
export async function rejectAdmin(ports: DecisionPorts, actor: Principal, adminId: string, notes: string | undefined) {
  await decide(ports, actor, adminId, 'REJECTED', notes || APPROVAL_NOTES.rejected)
  return { message: ACCOUNT_MESSAGES.adminRejected }
}
