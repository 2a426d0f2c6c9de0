import {
  KEYCODE_REFUND_REASONS,
  type KeycodeRefundReason,
  NO_KEYCODE_REASONS,
  REFUND_ARRIVAL_SENTENCE,
} from '@keydesk/contracts/keycode-refunds'
import { formatDollars } from '@keydesk/contracts/money'
import { ORDER_LINK_TTL_DAYS } from '@keydesk/contracts/order-link'
import type { MailContent } from '../../platform/index.ts'

export interface KeycodeRefundMailInput {
  firstName: string | null
  vehicle: { year: number; make: string; model: string; vinLast4: string }
  confirmationNumber: string | null
  reason: KeycodeRefundReason
  /** The admin's note to the buyer. */
  note: string
  amountCents: number
  orderUrl: string
  isGuest: boolean
}

const isNoKeycode = (reason: KeycodeRefundReason) => reason in NO_KEYCODE_REASONS

/**
 * The buyer's notice that a keycode line was refunded (docs/decisions/026 and 027): which order, why in the policy's
 * words and the team's note, how much was paid back, and when the bank shows it. An order that ended without a
 * keycode says so; a refund on the policy's other grounds says only that the order was refunded.
 */
export function keycodeRefundMail(input: KeycodeRefundMailInput): MailContent {
  const { vehicle } = input
  const vehicleName = `${vehicle.year} ${vehicle.make} ${vehicle.model}`
  const refunded = formatDollars(input.amountCents)
  const noKeycode = isNoKeycode(input.reason)
  return {
    subject: noKeycode
      ? `No keycode available for the ${vehicleName}: ${refunded} refunded`
      : `Your order for the ${vehicleName}: ${refunded} refunded`,
    preview: noKeycode
      ? `We could not get the keycode for the VIN ending ${vehicle.vinLast4}, so we have refunded ${refunded}.`
      : `We have refunded ${refunded} for the order for the VIN ending ${vehicle.vinLast4}.`,
    greeting: { name: input.firstName },
    paragraphs: [
      noKeycode
        ? `We could not get the keycode for your ${vehicleName}, so we have ended the order and refunded ${refunded} to the card you paid with. ${REFUND_ARRIVAL_SENTENCE}`
        : `We have refunded ${refunded} for your order for the ${vehicleName} to the card you paid with. ${REFUND_ARRIVAL_SENTENCE}`,
      KEYCODE_REFUND_REASONS[input.reason],
    ],
    facts: [
      { label: 'Vehicle', value: vehicleName },
      { label: 'VIN ending', value: vehicle.vinLast4 },
      ...(input.confirmationNumber ? [{ label: 'Order', value: input.confirmationNumber }] : []),
      { label: 'Refunded', value: refunded, emphasis: true },
      { label: 'Note from our team', value: input.note },
    ],
    action: { label: input.isGuest ? 'Open your order' : 'See it in your account', url: input.orderUrl },
    notes: input.isGuest ? [`The order link works for ${ORDER_LINK_TTL_DAYS} days and shows this order only.`] : [],
  }
}
