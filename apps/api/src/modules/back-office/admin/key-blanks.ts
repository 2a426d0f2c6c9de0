import { KEY_BLANK_SUGGESTIONS } from '@keydesk/contracts/admin'
import type { Uses } from '../../../ports.ts'
import { findKeyBlanksOfSameVehicle } from '../../ordering/index.ts'

/** GET /admin/key-blanks?requestId=: what the release form suggests for the key blank, from the same vehicle's earlier releases. */
export async function suggestKeyBlanks(ports: Uses<'database'>, requestId: string) {
  return { keyBlanks: await findKeyBlanksOfSameVehicle(ports.database.db, requestId, KEY_BLANK_SUGGESTIONS) }
}
