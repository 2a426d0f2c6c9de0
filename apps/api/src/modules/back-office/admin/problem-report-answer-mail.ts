import { ORDER_LINK_TTL_DAYS } from '@keydesk/contracts/order-link'
import { PROBLEM_REASONS, type ProblemReason } from '@keydesk/contracts/problem-reports'
import type { MailContent } from '../../platform/index.ts'

export interface ProblemAnswerMailInput {
  firstName: string | null
  vehicle: { year: number; make: string; model: string; vinLast4: string }
  confirmationNumber: string | null
  reason: ProblemReason
  answer: 'RECHECK' | 'DECLINE'
  /** The decline's reason in the policy's words; null for a re-check. */
  declineReason: string | null
  note: string
  orderUrl: string
  isGuest: boolean
}

/**
 * The buyer's answer to a problem report that was not refunded (docs/decisions/027): the keycode goes back for a
 * corrected one, or the report is declined with the policy's reason. A refunded report is answered by the refund mail.
 */
export function problemAnswerMail(input: ProblemAnswerMailInput): MailContent {
  const { vehicle } = input
  const vehicleName = `${vehicle.year} ${vehicle.make} ${vehicle.model}`
  const recheck = input.answer === 'RECHECK'
  return {
    subject: recheck ? `We are getting a corrected keycode for the ${vehicleName}` : `Your problem report on the ${vehicleName}`,
    preview: recheck
      ? `Your order for the VIN ending ${vehicle.vinLast4} is back in our queue for a corrected keycode.`
      : `We have reviewed your report on the order for the VIN ending ${vehicle.vinLast4}.`,
    greeting: { name: input.firstName },
    paragraphs: [
      `You told us: ${PROBLEM_REASONS[input.reason]}`,
      recheck
        ? 'We have put your order back in our queue to get a corrected keycode from the manufacturer. The keycode we sent before has been taken off the order; please do not use it. We will e-mail you when the new one is ready.'
        : `We have reviewed your report and cannot refund this order. ${input.declineReason ?? ''}`.trim(),
    ],
    facts: [
      { label: 'Vehicle', value: vehicleName },
      { label: 'VIN ending', value: vehicle.vinLast4 },
      ...(input.confirmationNumber ? [{ label: 'Order', value: input.confirmationNumber }] : []),
      { label: 'Note from our team', value: input.note },
    ],
    action: { label: input.isGuest ? 'Open your order' : 'See it in your account', url: input.orderUrl },
    notes: input.isGuest ? [`The order link works for ${ORDER_LINK_TTL_DAYS} days and shows this order only.`] : [],
  }
}
