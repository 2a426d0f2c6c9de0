import { randomInt } from 'node:crypto'
import { ACCOUNT_MESSAGES } from '@keydesk/contracts/accounts-api'
import { ADMIN_CODE_TTL_MS } from '@keydesk/contracts/limits'
import type { DbExecutor } from '../../../db/database.ts'
import { AppError } from '../../../errors.ts'
import { digest } from '../../../lib/opaque-tokens.ts'
import type { Principal, Uses } from '../../../ports.ts'
import { enqueueMail, REQUESTED_MAILS_PER_WINDOW, recordAction, renderMail, requestedMailWindowStart } from '../../platform/index.ts'
import { countCodesSince, insertCode, isCodeUsable, markCodeUsed } from './repository.ts'

/** Unambiguous characters only (no 0/O, 1/I/L): the code is typed from an e-mail. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'
const CODE_LENGTH = 10

export function newAdminCode(): string {
  return Array.from({ length: CODE_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('')
}

/** The code is bound to the e-mail: the same code for another address never matches. */
const codeDigest = (email: string, code: string) => digest(`${email}:${code.trim().toUpperCase()}`)

/** Sends a registration code to the e-mail (docs/product.md, 'Accounts, sign-up, sign-in, sessions, two-factor', Admin sign-up); a super admin may send it for someone. */
export async function sendAdminCode(
  ports: Uses<'database' | 'clock' | 'config' | 'secretKey'>,
  request: { email: string; firstName: string; lastName: string },
  issuer: Principal | null,
): Promise<void> {
  // A super admin sends it on the super admin's authority (recorded); anyone else, admins without powers included, as a visitor.
  const sentBySuperAdmin = issuer?.role === 'SUPER_ADMIN' && issuer.adminPowers
  const code = newAdminCode()
  const now = ports.clock.now()
  await ports.database.db.transaction(async (tx) => {
    if ((await countCodesSince(tx, request.email, requestedMailWindowStart(now))) >= REQUESTED_MAILS_PER_WINDOW)
      throw new AppError('RATE_LIMITED', ACCOUNT_MESSAGES.tooManyAttempts)
    await insertCode(tx, {
      email: request.email,
      codeHash: codeDigest(request.email, code),
      firstName: request.firstName,
      lastName: request.lastName,
      issuedBy: sentBySuperAdmin ? issuer.id : null,
      expiresAt: new Date(now.getTime() + ADMIN_CODE_TTL_MS),
      createdAt: now,
    })
    if (sentBySuperAdmin) {
      await recordAction(tx, { actorId: issuer.id, action: 'ADMIN_CODE_SENT', targetType: 'email', targetId: request.email })
    }
    const mail = await renderMail({
      subject: 'Your Keydesk admin registration code',
      preview: 'Your code to register as a Keydesk admin, valid for 24 hours.',
      // The address has not proved itself and the names were typed by whoever asked: the mail carries neither.
      greeting: { name: null },
      paragraphs: [
        `Your Keydesk admin registration code is: ${code}`,
        'It works once, for this e-mail address only, and expires in 24 hours.',
      ],
      action: { label: 'Register as an admin', url: `${ports.config.publicUrl}/admin-register` },
      notes: ['A super admin approves new admin accounts before they can sign in.'],
    })
    await enqueueMail(tx, { to: request.email, ...mail }, ports.secretKey)
  })
}

export async function isAdminCodeValid(ports: Uses<'database' | 'clock'>, email: string, code: string): Promise<boolean> {
  return isCodeUsable(ports.database.db, email, codeDigest(email, code), ports.clock.now())
}

/** Uses the code once; a second registration with it finds it used. */
export async function consumeAdminCode(db: DbExecutor, email: string, code: string, now: Date): Promise<boolean> {
  return markCodeUsed(db, email, codeDigest(email, code), now)
}

export const adminCodeAnswer = (valid: boolean) => ({ valid, message: valid ? ACCOUNT_MESSAGES.codeValid : ACCOUNT_MESSAGES.codeInvalid })
