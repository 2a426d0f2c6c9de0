import { PASSKEY_MESSAGES } from '@keydesk/contracts/passkeys'
import {
  LOGIN_HISTORY_SHOWN,
  type OwnerProof,
  type Security,
  TWO_FACTOR_MESSAGES,
  type UpdateSecurityBody,
} from '@keydesk/contracts/security'
import { AppError } from '../../../errors.ts'
import type { Uses } from '../../../ports.ts'
import { findKeycodesByEmail, saveKeycodesByEmail } from '../members/contact-repository.ts'
import { findSecuritySettings, findTwoFactorState } from '../members/security-settings-repository.ts'
import { deleteAllPasskeys, hasPasskey } from '../passkeys/repository.ts'
import { endSessionsOfPasskey } from '../sessions/repository.ts'
import { announceDeviceSessionsEnded } from '../sessions/service.ts'
import { assertEnrolmentProof, type Enroller, enrolmentProofKind } from './enrolment-proof.ts'
import { factorChangeMail } from './factor-change-mail.ts'
import { assertOwnerProof } from './owner-proof.ts'
import { findRecentSignIns } from './repository.ts'
import type { SecretBox } from './totp-secret-box.ts'
import { confirmTwoFactorSetup, disableTwoFactor, startTwoFactorSetup } from './two-factor.ts'

export async function readSecurity(ports: Uses<'database' | 'config'>, account: Enroller): Promise<Security> {
  const db = ports.database.db
  const userId = account.id
  const [settings, fingerprintEnabled, signIns, keycodesByEmail, enrolmentProof] = await Promise.all([
    findSecuritySettings(db, userId),
    // Fingerprint sign-in is on while the account has a passkey (decision 022).
    hasPasskey(db, userId),
    findRecentSignIns(db, userId, LOGIN_HISTORY_SHOWN),
    findKeycodesByEmail(db, userId),
    enrolmentProofKind(db, account, ports.config.requireAdminTwoFactor),
  ])
  const loginHistory = signIns.map((entry) => ({ ...entry, signedInAt: entry.signedInAt.toISOString() }))
  return {
    twoFactorEnabled: settings.twoFactorEnabled,
    fingerprintEnabled,
    lastLogin: loginHistory[0]?.signedInAt ?? null,
    loginHistory,
    keycodesByEmail,
    enrolmentProof,
  }
}

type Ports = Uses<'database' | 'clock' | 'config' | 'secretKey' | 'events' | 'log'>
type Account = Enroller & { fname: string; sessionId: string }

/**
 * PUT /user/security (docs/product.md, 'Member area, files, chat and support'). Two-factor is only switched on by confirming an authenticator
 * (enableTwoFactor); here it can be switched off, with the owner's password or a current code, or "on" again only
 * when an app is already confirmed. Switching a factor off mails the owner (decision 025).
 */
export async function updateSecurity(ports: Ports, box: SecretBox, account: Account, body: UpdateSecurityBody): Promise<Security> {
  const db = ports.database.db
  const now = ports.clock.now()
  const userId = account.id
  // Fingerprint sign-in is the account's passkeys (decision 022): switching it on means adding one, which takes the
  // device's own ceremony, so `true` with none yet answers what to do; `false` removes them all. The password always
  // still signs in, so no one is locked out.
  if (body.fingerprint === true && !(await hasPasskey(db, userId))) throw new AppError('CONFLICT', PASSKEY_MESSAGES.addOneFirst)
  const removed = [body.twoFactor === false && 'The authenticator app', body.fingerprint === false && 'Every passkey'].filter(
    (what): what is string => typeof what === 'string',
  )
  const mail = removed.length > 0 ? await factorChangeMail(ports, account, { kind: 'removed', what: removed.join(' and ') }) : null
  const endedSessions = await db.transaction(async (tx) => {
    // One proof for whatever is switched off, checked in the transaction of the change it guards (a code is spent
    // once, so switching two-factor and fingerprint off together asks for it once).
    if (body.twoFactor === false || body.fingerprint === false) await assertOwnerProof(tx, box, account, body, now)
    if (body.twoFactor === true) {
      const state = await findTwoFactorState(tx, userId)
      if (!state?.totpSecretSealed) throw new AppError('CONFLICT', TWO_FACTOR_MESSAGES.setupFirst)
    }
    if (body.twoFactor === false) await disableTwoFactor(tx, userId, now)
    let ended: string[] = []
    if (body.fingerprint === false) {
      ended = await endSessionsOfPasskey(tx, userId, null, account.sessionId, now)
      await deleteAllPasskeys(tx, userId)
    }
    if (body.keycodesByEmail !== undefined) await saveKeycodesByEmail(tx, userId, body.keycodesByEmail, now)
    await mail?.queue(tx)
    return ended
  })
  await announceDeviceSessionsEnded(ports, endedSessions)
  return readSecurity(ports, account)
}

/** POST /user/security/two-factor/setup: a new secret waits for its first code, once the enrolment proof holds (decision 025). */
export async function startEnrolment(ports: Ports, box: SecretBox, account: Account, proof: OwnerProof) {
  const now = ports.clock.now()
  return ports.database.db.transaction(async (tx) => {
    await assertEnrolmentProof(tx, box, account, proof, now, ports.config.requireAdminTwoFactor)
    return startTwoFactorSetup(tx, box, account, now)
  })
}

/** POST /user/security/two-factor/enable: the app confirmed with its first code, and the owner told in the same transaction. */
export async function enableTwoFactor(ports: Ports, box: SecretBox, account: Account, code: string) {
  const mail = await factorChangeMail(ports, account, { kind: 'added', what: 'An authenticator app' })
  return ports.database.db.transaction(async (tx) => {
    const answer = await confirmTwoFactorSetup(tx, box, account, code, ports.clock.now())
    await mail.queue(tx)
    return answer
  })
}
