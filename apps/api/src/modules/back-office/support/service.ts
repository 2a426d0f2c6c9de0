import type { ContactMessage } from '@keydesk/contracts/support'
import type { Database } from '../../../ports.ts'
import { enqueueMail } from '../../platform/index.ts'
import { insertContactMessage } from './repository.ts'

/** A contact message is kept, and forwarded to the support inbox in the same transaction. */
export async function receiveContactMessage(db: Database, key: Buffer, supportEmail: string, contact: ContactMessage) {
  await db.transaction(async (tx) => {
    await insertContactMessage(tx, contact)
    await enqueueMail(
      tx,
      { to: supportEmail, subject: `[Contact] ${contact.subject}`, text: `From: ${contact.name} <${contact.email}>\n\n${contact.message}` },
      key,
    )
  })
}
