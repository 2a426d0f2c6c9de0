import { LOGIN_HISTORY_SHOWN, type Security, type UpdateSecurityBody } from '@keydesk/contracts/security'
import type { Database } from '../../db/database.ts'
import { findRecentSignIns, findSecuritySettings, saveSecuritySettings } from './repository.ts'

export async function readSecurity(db: Database, userId: string): Promise<Security> {
  const [settings, signIns] = await Promise.all([findSecuritySettings(db, userId), findRecentSignIns(db, userId, LOGIN_HISTORY_SHOWN)])
  const loginHistory = signIns.map((entry) => ({ ...entry, signedInAt: entry.signedInAt.toISOString() }))
  return { ...settings, lastLogin: loginHistory[0]?.signedInAt ?? null, loginHistory }
}

export async function updateSecurity(db: Database, userId: string, body: UpdateSecurityBody): Promise<Security> {
  await saveSecuritySettings(db, userId, {
    ...(body.twoFactor === undefined ? {} : { twoFactorEnabled: body.twoFactor }),
    ...(body.fingerprint === undefined ? {} : { fingerprintEnabled: body.fingerprint }),
  })
  return readSecurity(db, userId)
}
