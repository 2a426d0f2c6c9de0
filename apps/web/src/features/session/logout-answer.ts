import { z } from 'zod'

/** POST /auth/logout: the page reads nothing from the answer. In a file of its own so the shell imports it only when someone signs out. */
export const LogoutAnswerSchema = z.unknown()
