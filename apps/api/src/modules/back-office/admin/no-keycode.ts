import { KEYCODE_REFUND_MESSAGES, type NoKeycodeAnswer, type NoKeycodeBody } from '@keydesk/contracts/keycode-refunds'
import type { Principal } from '../../../ports.ts'
import { type RefundPorts, refundKeycodeLine } from './refund-line.ts'

/**
 * POST /admin/requests/{id}/no-keycode (docs/decisions/026): an admin ends a paid, unreleased order as "No keycode
 * available", for one of the short list's reasons, and its line is paid back in full.
 */
export async function endWithoutKeycode(
  ports: RefundPorts,
  admin: Principal,
  requestId: string,
  body: NoKeycodeBody,
): Promise<NoKeycodeAnswer> {
  const refunded = await refundKeycodeLine(ports, admin, { requestId, reason: body.reason, note: body.note, releasedAllowed: false })
  return { message: KEYCODE_REFUND_MESSAGES.issued(refunded.amountCents), ...refunded }
}
