import type { transactions } from '../../db/schema/payments.ts'

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`

/** The order confirmation: what was bought and what happens next (spec 2.4 success page, in words). */
export function orderConfirmationMail(row: typeof transactions.$inferSelect, publicUrl: string) {
  const lines = row.items.map((item) => `- ${item.name}: ${dollars(item.amountCents)}`)
  const text = [
    `Thank you for your order ${row.confirmationNumber}.`,
    '',
    ...lines,
    `Total paid: ${dollars(row.amountCents)}`,
    '',
    'Your keycode will be processed within 24-48 hours. We will e-mail you when it is ready; you can also follow the order in your account:',
    `${publicUrl}/user-dash`,
  ].join('\n')
  return { subject: `Keydesk order ${row.confirmationNumber} confirmed`, text }
}
