import { randomBytes } from 'node:crypto'
import { ACCOUNT_CLOSING_MESSAGES } from '@keydesk/contracts/account-closing'
import { ACCOUNT_DATA_KEEP_DAYS } from '@keydesk/contracts/policy-statements'
import { RETENTION, retentionCutoff } from '@keydesk/contracts/retention'
import type { Role } from '@keydesk/contracts/roles'
import type { OwnerProof } from '@keydesk/contracts/security'
import type { DbExecutor } from '../../../db/database.ts'
import { AppError } from '../../../errors.ts'
import { digest, newOpaqueToken } from '../../../lib/opaque-tokens.ts'
import type { Principal, Uses } from '../../../ports.ts'
import {
  announceSessionsEnded,
  assertAccountMayBeDeleted,
  deleteUser,
  endAllSessions,
  findUserById,
  lockAccountToPurge,
  markAccountClosed,
  reopenAccount,
} from '../../accounts/index.ts'
import { pseudonymiseOrdersOf, removeRequestsOfUser } from '../../ordering/index.ts'
import { deleteFileRows, enqueueMail, listFilesOfOwner, recordAction, renderMail } from '../../platform/index.ts'

type ClosingPorts = Uses<'database' | 'clock' | 'config' | 'secretKey' | 'events' | 'log'>

/** The restore mail: rendered before the transaction, so no pooled connection waits on rendering. */
function restoreMail(publicUrl: string, token: string) {
  return renderMail({
    subject: 'Your Keydesk account is closed',
    preview: `You can restore it within ${ACCOUNT_DATA_KEEP_DAYS} days.`,
    greeting: { name: null },
    paragraphs: [
      'Your Keydesk account was closed: it no longer signs in, and its sessions have ended.',
      `Its profile, documents and files are deleted ${ACCOUNT_DATA_KEEP_DAYS} days after closing. Paid orders are kept as transaction records, without your name or contact details.`,
    ],
    // In the fragment, so the token never reaches a server log or a Referer.
    action: { label: 'Restore my account', url: `${publicUrl}/restore-account#${token}` },
    notes: [`The link works once, for ${ACCOUNT_DATA_KEEP_DAYS} days. If you meant to close the account, ignore this e-mail.`],
  })
}

/**
 * Closes the account in the caller's checks' transaction (docs/decisions/035): marked closed with the digest of its
 * restore link, every session ended, the restore mail queued and the closing logged, together; the streams close after.
 */
async function close(
  ports: ClosingPorts,
  account: { id: string; email: string },
  actor: { id: string; reason: string | null },
  check: (tx: DbExecutor, now: Date) => Promise<void>,
) {
  const token = newOpaqueToken()
  const mail = await restoreMail(ports.config.publicUrl, token)
  const now = ports.clock.now()
  await ports.database.db.transaction(async (tx) => {
    await check(tx, now)
    if (!(await markAccountClosed(tx, account.id, digest(token), now)))
      throw new AppError('CONFLICT', ACCOUNT_CLOSING_MESSAGES.alreadyClosed)
    await endAllSessions(tx, account.id, now)
    await enqueueMail(tx, { to: account.email, ...mail }, ports.secretKey)
    await recordAction(tx, {
      actorId: actor.id,
      action: 'ACCOUNT_CLOSED',
      targetType: 'user',
      targetId: account.id,
      details: actor.reason ? { reason: actor.reason } : {},
    })
  })
  await announceSessionsEnded(ports, account.id)
}

/**
 * PUT /keycode-user/delete: the owner closes their own account. A super admin's needs the owner's proof and is never
 * the last approved one (assertAccountMayBeDeleted, decision 025).
 */
export async function closeOwnAccount(
  ports: ClosingPorts & Uses<'totpKey'>,
  account: { id: string; email: string; role: Role },
  proof: OwnerProof,
) {
  await close(ports, account, { id: account.id, reason: null }, (tx, now) => assertAccountMayBeDeleted(tx, ports, account, proof, now))
  return { message: ACCOUNT_CLOSING_MESSAGES.closed }
}

/** The member account an admin or super admin acts on; admins' accounts are decided by approval, not here. */
async function memberAccount(db: DbExecutor, userId: string) {
  const account = await findUserById(db, userId)
  if (!account) throw new AppError('NOT_FOUND', 'User not found.')
  if (account.role !== 'BASEUSER') throw new AppError('CONFLICT', ACCOUNT_CLOSING_MESSAGES.notAMember)
  return account
}

/** POST /admin/users/{id}/close: an admin closes a member's account, with a reason in the action log. */
export async function closeMemberAccount(ports: ClosingPorts, admin: Principal, userId: string, reason: string) {
  const account = await memberAccount(ports.database.db, userId)
  await close(ports, account, { id: admin.id, reason }, async () => undefined)
  return { message: ACCOUNT_CLOSING_MESSAGES.closedByAdmin }
}

/** POST /auth/restore-account: the link mailed at closing opens the account again, once, within its days. */
export async function restoreAccount(ports: Uses<'database' | 'clock'>, token: string) {
  const now = ports.clock.now()
  const closedAfter = retentionCutoff(RETENTION.ACCOUNT.period, now)
  await ports.database.db.transaction(async (tx) => {
    const account = await reopenAccount(tx, digest(token), closedAfter, now)
    if (!account) throw new AppError('NOT_FOUND', ACCOUNT_CLOSING_MESSAGES.restoreLinkInvalid)
    await recordAction(tx, { actorId: account.id, action: 'ACCOUNT_RESTORED', targetType: 'user', targetId: account.id })
  })
  return { message: ACCOUNT_CLOSING_MESSAGES.restored }
}

/** A purged account's orders are named by this from then on: random, so nothing leads back to the account. */
const newBuyerPseudonym = () => `buyer-${randomBytes(6).toString('hex')}`

/**
 * Removes an account and its data in one transaction, its row locked first so a restore cannot slip in: its unpaid
 * requests, every file it owns (identity photos of paid orders too), its profile, sign-ins, notices, chat, documents,
 * sessions and plans (by the foreign keys). Paid orders, refunds and release records stay for RETENTION.TRANSACTIONS
 * under a pseudonym. Answers the storage keys to remove after the commit, or null when `closedBefore` spares it.
 */
async function purgeInTransaction(
  tx: DbExecutor,
  userId: string,
  closedBefore: Date | null,
  log: (account: { id: string }) => Promise<void>,
): Promise<string[] | null> {
  const account = await lockAccountToPurge(tx, userId, closedBefore)
  if (!account) return null
  const owned = await listFilesOfOwner(tx, userId)
  await removeRequestsOfUser(tx, userId)
  await deleteFileRows(
    tx,
    owned.map((file) => file.id),
  )
  await pseudonymiseOrdersOf(tx, userId, newBuyerPseudonym())
  await log(account)
  await deleteUser(tx, userId)
  return owned.map((file) => file.key)
}

async function removeStoredFiles(ports: Uses<'storage'>, keys: string[]) {
  // After the commit: a failed removal leaves an orphan file, which the orphan-file sweep removes; never a dangling row.
  await Promise.all(keys.map((key) => ports.storage.remove(key).catch(() => undefined)))
}

/**
 * Purges one account closed before `closedBefore` (the account-purge job); answers whether it did. A restore that
 * committed first wins: the locked row is no longer closed that long.
 */
export async function purgeClosedAccount(ports: Uses<'database' | 'storage'>, userId: string, closedBefore: Date): Promise<boolean> {
  const keys = await ports.database.db.transaction((tx) => purgeInTransaction(tx, userId, closedBefore, async () => undefined))
  if (!keys) return false
  await removeStoredFiles(ports, keys)
  return true
}

/**
 * POST /super-admin/users/{id}/purge: on the owner's verified request, a super admin deletes a member's account at
 * once, closed or not, with the reason in the action log.
 */
export async function purgeAccountNow(
  ports: Uses<'database' | 'storage' | 'events' | 'log'>,
  superAdmin: Principal,
  userId: string,
  reason: string,
) {
  await memberAccount(ports.database.db, userId)
  const keys = await ports.database.db.transaction((tx) =>
    purgeInTransaction(tx, userId, null, (account) =>
      recordAction(tx, { actorId: superAdmin.id, action: 'ACCOUNT_PURGED', targetType: 'user', targetId: account.id, details: { reason } }),
    ),
  )
  if (!keys) throw new AppError('NOT_FOUND', 'User not found.')
  await announceSessionsEnded(ports, userId)
  await removeStoredFiles(ports, keys)
  return { message: ACCOUNT_CLOSING_MESSAGES.purged }
}
