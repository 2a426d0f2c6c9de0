import { DEV_MAILBOX_SIZE } from '@keydesk/contracts/dev-mailbox'
import type { Uses } from '../../../ports.ts'
import { openBodies } from '../mail/outbox.ts'
import { listSentMail } from '../mail/repository.ts'

/** GET /dev/mailbox: the newest mails the log transport "sent", bodies opened. */
export async function readDevMailbox(ports: Uses<'database' | 'secretKey'>) {
  const rows = await listSentMail(ports.database.db, DEV_MAILBOX_SIZE)
  return rows.map((row) => {
    const { text, html } = openBodies(row, ports.secretKey)
    return { id: row.id, to: row.to, subject: row.subject, text, html, sentAt: (row.sentAt ?? new Date(0)).toISOString() }
  })
}
