import type { ContactMessage } from '@keydesk/contracts/support'
import type { DbExecutor } from '../../../db/database.ts'
import { contactMessages } from '../../../db/schema/support.ts'

export async function insertContactMessage(db: DbExecutor, contact: ContactMessage) {
  await db.insert(contactMessages).values(contact)
}
