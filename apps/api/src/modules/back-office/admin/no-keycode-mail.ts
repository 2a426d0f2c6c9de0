import { NO_KEYCODE_REASONS, type NoKeycodeReason, REFUND_ARRIVAL_SENTENCE } from '@keydesk/contracts/keycode-refunds'
import { formatDollars } from '@keydesk/contracts/money'
import { ORDER_LINK_TTL_DAYS } from '@keydesk/contracts/order-link'
import type { MailContent } from '../../platform/index.ts'

export interface NoKeycodeMailInput {
  firstName: string | null
  vehicle: { year: number; make: string; model: string; vinLast4: string }
  confirmationNumber: string | null
  reason: NoKeycodeReason
  /** The admin's note to the buyer. */
  note: string
  amountCents: number
  orderUrl: string
  isGuest: boolean
}

/**
 * The buyer's notice that an order ended without a keycode (docs/decisions/026): which order, why in the policy's
 * words and the admin's note, how much was paid back, and when the bank shows it.
 */
export function noKeycodeMail(input: NoKeycodeMailInput): MailContent {
  const { vehicle } = input
  const vehicleName = `${vehicle.year} ${vehicle.make} ${vehicle.model}`
  const refunded = formatDollars(input.amountCents)
  return {
    subject: `No keycode available for the ${vehicleName}: ${refunded} refunded`,
    preview: `We could not get the keycode for the VIN ending ${vehicle.vinLast4}, so we have refunded ${refunded}.`,
    greeting: { name: input.firstName },
    paragraphs: [
      `We could not get the keycode for your ${vehicleName}, so we have ended the order and refunded ${refunded} to the card you paid with. ${REFUND_ARRIVAL_SENTENCE}`,
      NO_KEYCODE_REASONS[input.reason],
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
