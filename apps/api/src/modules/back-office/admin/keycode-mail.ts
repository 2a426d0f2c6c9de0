import { KEY_TYPE_LABELS } from '@keydesk/contracts/admin'
import { batchProgressText } from '@keydesk/contracts/bulk'
import { ORDER_LINK_TTL_DAYS } from '@keydesk/contracts/order-link'
import type { MailContent } from '../../platform/index.ts'

export interface KeycodeMailInput {
  firstName: string | null
  vehicle: { year: number; make: string; model: string; vinLast4: string }
  confirmationNumber: string | null
  /** null when the member chose to receive codes in the account only. */
  code: { keycode: string; pincode: string | null } | null
  /** The key type given with the code; not secret, so it is in the mail even when the code is kept to the account. */
  keyType?: { keyBlank: string | null; transponder: string | null }
  orderUrl: string
  isGuest: boolean
  /** A bulk order's request: how far its batch is with this release, one mail per release (docs/product.md, 'Bulk ordering'). */
  batch?: { code: string; size: number; released: number } | null
}

/** The keycode mail (docs/decisions/013): the vehicle, the code and PIN unless withheld, and a link to the order. */
export function keycodeMail(input: KeycodeMailInput): MailContent {
  const { vehicle } = input
  const vehicleName = `${vehicle.year} ${vehicle.make} ${vehicle.model}`
  const facts = [
    { label: 'Vehicle', value: vehicleName },
    { label: 'VIN ending', value: vehicle.vinLast4 },
    ...(input.confirmationNumber ? [{ label: 'Order', value: input.confirmationNumber }] : []),
    ...(input.batch ? [{ label: `Batch ${input.batch.code}`, value: batchProgressText(input.batch) }] : []),
    ...(input.code ? [{ label: 'Keycode', value: input.code.keycode, emphasis: true }] : []),
    ...(input.code?.pincode ? [{ label: 'PIN', value: input.code.pincode, emphasis: true }] : []),
    ...(input.keyType?.keyBlank ? [{ label: KEY_TYPE_LABELS.keyBlank, value: input.keyType.keyBlank }] : []),
    ...(input.keyType?.transponder ? [{ label: KEY_TYPE_LABELS.transponder, value: input.keyType.transponder }] : []),
  ]
  return {
    subject: `Your keycode for the ${vehicleName} is ready`,
    preview: input.code ? `The keycode for the VIN ending ${vehicle.vinLast4} is inside.` : 'Sign in to see your keycode.',
    greeting: { name: input.firstName },
    paragraphs: [
      input.code
        ? `The keycode for your ${vehicleName} is ready.`
        : `The keycode for your ${vehicleName} is ready. As you asked, it is shown only in your account: sign in to see it.`,
    ],
    facts,
    action: input.isGuest
      ? { label: 'Open your order', url: input.orderUrl }
      : { label: input.code ? 'See it in your account' : 'Sign in to see your keycode', url: input.orderUrl },
    notes: [
      'Keep this code private: it lets anyone cut a working key for this vehicle.',
      ...(input.isGuest ? [`The order link works for ${ORDER_LINK_TTL_DAYS} days and shows this order only.`] : []),
    ],
  }
}
