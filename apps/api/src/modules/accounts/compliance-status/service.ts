import { complianceStatusFor } from '@keydesk/contracts/compliance'
import type { Uses } from '../../../ports.ts'
import { findUserById } from '../members/account-repository.ts'

/** GET /compliance/status: the rules of the signed-in account's state. */
export async function readComplianceStatus(ports: Uses<'database'>, userId: string) {
  const user = await findUserById(ports.database.db, userId)
  return complianceStatusFor(user?.state)
}
