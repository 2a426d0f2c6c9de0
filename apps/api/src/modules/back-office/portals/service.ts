import type { PortalCredsAnswer, PortalListAnswer } from '@keydesk/contracts/portals'
import { missingCredentialsMessage, PORTAL_MESSAGES } from '@keydesk/contracts/portals'
import { AppError } from '../../../errors.ts'
import type { PortalDirectory } from './portal-directory.ts'

export function listPortals(directory: PortalDirectory, secrets: Record<string, string>): PortalListAnswer {
  return {
    vspId: directory.publicConfig.meta.vsp_id,
    portals: directory.publicConfig.manufacturers.map((portal) => {
      const auth = directory.find(portal.id)?.auth
      return { ...portal, hasCredentials: Boolean(auth && secrets[auth.username_env] && secrets[auth.password_env]) }
    }),
  }
}

/**
 * The login of one OEM portal, read from the variables its entry names; 404 unknown, 409 not configured. The 409 says
 * to ask the operator; only a super admin is told the variables' names (the configuration stays the operator's).
 */
export function readPortalCredentials(
  directory: PortalDirectory,
  secrets: Record<string, string>,
  oem: string,
  isSuperAdmin: boolean,
): PortalCredsAnswer {
  const portal = directory.find(oem)
  if (!portal) throw new AppError('NOT_FOUND', PORTAL_MESSAGES.unknownOem)
  const username = secrets[portal.auth.username_env]
  const password = secrets[portal.auth.password_env]
  if (!username || !password) {
    const variables = { username: portal.auth.username_env, password: portal.auth.password_env }
    throw new AppError('CONFLICT', missingCredentialsMessage(isSuperAdmin ? variables : undefined))
  }
  return { username, password }
}
