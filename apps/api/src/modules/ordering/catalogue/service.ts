import type { Uses } from '../../../ports.ts'
import { listCatalogue } from './repository.ts'

/** GET /makes/getMakes: every make with its models. */
export async function readCatalogue(ports: Uses<'database'>) {
  return listCatalogue(ports.database.db)
}
