import { z } from 'zod'
import { ROLES } from './roles-constants.ts'

export * from './roles-constants.ts'

export const RoleSchema = z.enum(ROLES)
