import type { Uses } from '../../../ports.ts'
import { listUserRequests } from './user-requests.ts'

/** GET /vehicle/user-requests: the signed-in user's requests by status, keycodes opened. */
export async function readUserRequests(ports: Uses<'database' | 'secretKey'>, userId: string) {
  return listUserRequests(ports.database.db, userId, ports.secretKey)
}
