import { DATA_ARCHIVE_MESSAGES } from '@keydesk/contracts/data-archive'
import type { OwnerProof } from '@keydesk/contracts/security'
import { AppError } from '../../../errors.ts'
import type { Principal, Uses } from '../../../ports.ts'
import { findUserById, proveOwner } from '../../accounts/index.ts'
import { recordAction } from '../../platform/index.ts'
import { type ArchivePorts, writeMemberArchive } from './archive.ts'

type Ports = ArchivePorts & Uses<'totpKey' | 'config'>

const fileNameOf = (now: Date) => `keydesk-data-${now.toISOString().slice(0, 10)}.zip`

/**
 * POST /user/data-archive: the member's own archive, once they proved to be the owner (the password or a current code,
 * as a change to security asks). The download is logged before the first byte leaves.
 */
export async function downloadOwnArchive(ports: Ports, member: Principal, proof: OwnerProof) {
  const account = await findUserById(ports.database.db, member.id)
  if (!account) throw new AppError('NOT_FOUND', 'User not found.')
  await proveOwner(ports, account, proof)
  await recordAction(ports.database.db, { actorId: member.id, action: 'DATA_ARCHIVE_DOWNLOADED', targetType: 'user', targetId: member.id })
  return { fileName: fileNameOf(ports.clock.now()), archive: writeMemberArchive(ports, member.id) }
}

/** POST /super-admin/users/{id}/data-archive: a member's archive for a super admin, with the reason in the log. */
export async function downloadMemberArchive(ports: ArchivePorts, superAdmin: Principal, userId: string, reason: string) {
  const account = await findUserById(ports.database.db, userId)
  if (!account) throw new AppError('NOT_FOUND', 'User not found.')
  if (account.role !== 'BASEUSER') throw new AppError('CONFLICT', DATA_ARCHIVE_MESSAGES.notAMember)
  await recordAction(ports.database.db, {
    actorId: superAdmin.id,
    action: 'DATA_ARCHIVE_DOWNLOADED',
    targetType: 'user',
    targetId: userId,
    details: { reason },
  })
  return { fileName: fileNameOf(ports.clock.now()), archive: writeMemberArchive(ports, userId) }
}
