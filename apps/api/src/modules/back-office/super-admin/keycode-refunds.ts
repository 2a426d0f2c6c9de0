import { KEYCODE_REFUND_MESSAGES, type NoKeycodeAnswer, type SuperAdminRefundBody } from '@keydesk/contracts/keycode-refunds'
import type { Principal } from '../../../ports.ts'
import { type RefundPorts, refundKeycodeLine } from '../admin/refund-line.ts'

/**
 * POST /super-admin/requests/{id}/refund (docs/decisions/027): a super admin pays back any paid keycode line, released
 * or not, on the policy's other two grounds (a service failure, a payment processing error). The route admits super
 * admins only; the body's schema admits only those two grounds, so an admin's refunds stay within "No keycode available".
 */
export async function refundOnPolicyGround(
  ports: RefundPorts,
  superAdmin: Principal,
  requestId: string,
  body: SuperAdminRefundBody,
): Promise<NoKeycodeAnswer> {
  const refunded = await refundKeycodeLine(ports, superAdmin, { requestId, reason: body.reason, note: body.note, releasedAllowed: true })
  return { message: KEYCODE_REFUND_MESSAGES.refundedOnGround(refunded.amountCents), ...refunded }
}
