import { PASSKEY_MESSAGES } from '@keydesk/contracts/passkeys'
import { LOGIN_HISTORY_SHOWN, type Security, TWO_FACTOR_MESSAGES, type UpdateSecurityBody } from '@keydesk/contracts/security'
import { AppError } from '../../../errors.ts'
import type { Database } from '../../../ports.ts'
import { findKeycodesByEmail, saveKeycodesByEmail } from '../members/contact-repository.ts'
import { findSecuritySettings, findTwoFactorState } from '../members/security-settings-repository.ts'
import { deleteAllPasskeys, hasPasskey } from '../passkeys/repository.ts'
import { assertOwnerProof } from './owner-proof.ts'
import { findRecentSignIns } from './repository.ts'
import type { SecretBox } from './secret-box.ts'
import { disableTwoFactor } from './two-factor.ts'

export async function readSecurity(db: Database, userId: string): Promise<Security> {
  const [settings, fingerprintEnabled, signIns, keycodesByEmail] = await Promise.all([
    findSecuritySettings(db, userId),
    // Fingerprint sign-in is on while the account has a passkey (decision 022).
    hasPasskey(db, userId),
    findRecentSignIns(db, userId, LOGIN_HISTORY_SHOWN),
    findKeycodesByEmail(db, userId),
  ])
  const loginHistory = signIns.map((entry) => ({ ...entry, signedInAt: entry.signedInAt.toISOString() }))
  return {
    twoFactorEnabled: settings.twoFactorEnabled,
    fingerprintEnabled,
    lastLogin: loginHistory[0]?.signedInAt ?? null,
    loginHistory,
    keycodesByEmail,
  }
}

/**
 * PUT /user/security (docs/product.md, 'Member area, files, chat and support'). Two-factor is only switched on by confirming an authenticator
 * (two-factor.ts); here it can be switched off, with the owner's password or a current code, or "on" again only
 * when an app is already confirmed.
 */
export async function updateSecurity(
  db: Database,
  box: SecretBox,
  account: { id: string; email: string },
  body: UpdateSecurityBody,
  now: Date,
): Promise<Security> {
  const userId = account.id
  // Fingerprint sign-in is the account's passkeys (decision 022): switching it on means adding one, which takes the
  // device's own ceremony, so `true` with none yet answers what to do; `false` removes them all. The password always
  // still signs in, so no one is locked out.
  if (body.fingerprint === true && !(await hasPasskey(db, userId))) throw new AppError('CONFLICT', PASSKEY_MESSAGES.addOneFirst)
  await db.transaction(async (tx) => {
    // One proof for whatever is switched off, checked in the transaction of the change it guards (a code is spent
    // once, so switching two-factor and fingerprint off together asks for it once).
    if (body.twoFactor === false || body.fingerprint === false) await assertOwnerProof(tx, box, account, body, now)
    if (body.twoFactor === true) {
      const state = await findTwoFactorState(tx, userId)
      if (!state?.totpSecretSealed) throw new AppError('CONFLICT', TWO_FACTOR_MESSAGES.setupFirst)
    }
    if (body.twoFactor === false) await disableTwoFactor(tx, userId, now)
    if (body.fingerprint === false) await deleteAllPasskeys(tx, userId)
    if (body.keycodesByEmail !== undefined) await saveKeycodesByEmail(tx, userId, body.keycodesByEmail, now)
  })
  return readSecurity(db, userId)
}
