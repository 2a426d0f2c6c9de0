import { ACCOUNT_MESSAGES } from '@keydesk/contracts/accounts-api'
import { AppError } from '../../../errors.ts'
import type { Uses } from '../../../ports.ts'
import {
  anySuperAdminExists,
  breachedPasswordProblem,
  findUserByEmail,
  hashPassword,
  insertUser,
  insertUserUnlessEmailTaken,
} from '../../accounts/index.ts'
import { recordAction } from '../../platform/index.ts'

export interface NewSuperAdmin {
  email: string
  password: string
  fname: string
  lname: string
  phone: string | null
}

export async function createSuperAdmin(ports: Uses<'database' | 'config' | 'log'>, actorId: string, values: NewSuperAdmin) {
  const problem = await breachedPasswordProblem(ports, values.password)
  if (problem) throw new AppError('VALIDATION_ERROR', problem, [{ field: 'password', message: problem }])
  if (await findUserByEmail(ports.database.db, values.email)) throw new AppError('CONFLICT', ACCOUNT_MESSAGES.emailTaken)
  const passwordHash = await hashPassword(values.password)
  await ports.database.db.transaction(async (tx) => {
    const created = await insertUser(tx, {
      email: values.email,
      passwordHash,
      fname: values.fname,
      lname: values.lname,
      phone: values.phone,
      role: 'SUPER_ADMIN',
      adminApproval: 'APPROVED',
      adminApprovalNotes: ACCOUNT_MESSAGES.superAdminCreated,
      isValidatedUser: true,
    })
    await recordAction(tx, { actorId, action: 'SUPER_ADMIN_CREATED', targetType: 'user', targetId: created.id })
  })
  return { message: ACCOUNT_MESSAGES.superAdminCreated }
}

/**
 * On start with no super admin, creates the first one from the configuration. Development falls back to
 * documented defaults and says so once in the log (never the password itself); production cannot start without its own (config.ts).
 */
export async function ensureBootstrapSuperAdmin(ports: Uses<'database' | 'config' | 'log'>) {
  const db = ports.database.db
  if (await anySuperAdminExists(db)) return
  const { email, password, isDevelopmentDefault } = ports.config.bootstrapSuperAdmin
  const passwordHash = await hashPassword(password)
  const inserted = await insertUserUnlessEmailTaken(db, {
    email,
    passwordHash,
    fname: 'Super',
    lname: 'Admin',
    role: 'SUPER_ADMIN',
    adminApproval: 'APPROVED',
    isValidatedUser: true,
  })
  if (!inserted) {
    ports.log.error({ email }, 'bootstrap super admin not created: an account with this e-mail exists and is not a super admin')
    return
  }
  if (isDevelopmentDefault) {
    ports.log.warn(
      { email },
      'created the development super admin with the default password from README.md; set BOOTSTRAP_SUPER_ADMIN_EMAIL and BOOTSTRAP_SUPER_ADMIN_PASSWORD for your own',
    )
  } else {
    ports.log.info({ email }, 'created the bootstrap super admin')
  }
}
