import type { AccountReader, Database } from '../../../ports.ts'
import { findSessionStates, prepareAccountRead } from './account-repository.ts'

/** The accounts as the auth plugin reads them; its principal read is prepared once, as every authenticated call runs it. */
export function accountReader(db: Database): AccountReader {
  const readAccount = prepareAccountRead(db)
  return {
    readPrincipal: async (id, sessionId) => (await readAccount.execute({ id, sessionId }))[0],
    readSessionStates: (sessionIds) => findSessionStates(db, sessionIds),
  }
}
