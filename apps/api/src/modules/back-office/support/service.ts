import type { ContactMessage } from '@keydesk/contracts/support'
import { SUPPORT_INBOX_MESSAGES } from '@keydesk/contracts/support-inbox'
import type { DbExecutor } from '../../../db/database.ts'
import { AppError } from '../../../errors.ts'
import type { Principal, Uses } from '../../../ports.ts'
import { findReportedVehicles, isBoughtAndReachable } from '../../ordering/index.ts'
import { enqueueMail } from '../../platform/index.ts'
import { openConversation } from './conversations.ts'
import { insertContactMessage } from './repository.ts'

/** The order a member names: only one of their own; anyone else naming an order is refused. */
async function ownOrder(db: DbExecutor, principal: Principal | undefined, requestId: string | undefined): Promise<string | null> {
  if (requestId === undefined) return null
  const [request] = principal?.role === 'BASEUSER' ? await findReportedVehicles(db, [requestId]) : []
  if (!request || request.userId !== principal?.id) throw new AppError('NOT_FOUND', SUPPORT_INBOX_MESSAGES.orderNotFound)
  // Not an order placed for a team the member left (docs/decisions/039).
  if (!(await isBoughtAndReachable(db, principal.id, request.id))) throw new AppError('NOT_FOUND', SUPPORT_INBOX_MESSAGES.orderNotFound)
  return request.id
}

/**
 * A contact message opens a support conversation (docs/decisions/034): a signed-in member's under their account and
 * plan, anyone else's under the address they typed. It is also forwarded to the support inbox, in the same transaction.
 */
export async function receiveContactMessage(
  ports: Uses<'database' | 'clock' | 'config' | 'secretKey'>,
  principal: Principal | undefined,
  contact: ContactMessage,
): Promise<{ onCallAlerted: boolean }> {
  const at = ports.clock.now()
  const member = principal?.role === 'BASEUSER' ? principal : undefined
  return ports.database.db.transaction(async (tx) => {
    const vehicleRequestId = await ownOrder(tx, principal, contact.requestId)
    const { conversation, onCallAlerted } = await openConversation(
      tx,
      ports,
      {
        channel: 'CONTACT',
        userId: member?.id ?? null,
        guestName: member ? null : contact.name,
        guestEmail: member ? null : contact.email,
        subject: contact.subject,
        vehicleRequestId,
      },
      at,
    )
    const { requestId: _attached, ...form } = contact
    await insertContactMessage(tx, { ...form, conversationId: conversation.id })
    await enqueueMail(
      tx,
      {
        to: ports.config.supportEmail,
        subject: `[Contact] ${contact.subject}`,
        text: `From: ${contact.name} <${contact.email}>\n\n${contact.message}\n\nAnswer it in the support inbox: ${ports.config.publicUrl}/admin/support?conversation=${conversation.id}`,
      },
      ports.secretKey,
    )
    return { onCallAlerted }
  })
}
