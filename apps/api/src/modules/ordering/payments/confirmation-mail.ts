import { formatDollars } from '@keydesk/contracts/money'
import type { MailContent } from '../../platform/index.ts'
import type { TransactionRow } from '../orders/repository.ts'

/** The order confirmation: what was bought and what happens next (the success page's promise, in words). */
export function orderConfirmationMail(row: TransactionRow, publicUrl: string, isGuest: boolean): MailContent {
  const hasKeycodes = row.items.some((item) => item.kind === 'KEYCODE')
  return {
    subject: `Keydesk order ${row.confirmationNumber} confirmed`,
    preview: `Thank you for your order ${row.confirmationNumber}.`,
    greeting: { line: `Thank you for your order ${row.confirmationNumber}.` },
    paragraphs: hasKeycodes
      ? [
          'Your keycode will be processed within 24-48 hours. We will e-mail you the keycode as soon as it is ready.',
          ...(isGuest ? [] : ['You can also follow the order in your account.']),
        ]
      : ['Your membership is active.'],
    facts: [
      ...row.items.map((item) => ({
        label: item.name,
        value: item.pricing?.note ? `${formatDollars(item.amountCents)} (${item.pricing.note})` : formatDollars(item.amountCents),
      })),
      { label: 'Total paid', value: formatDollars(row.amountCents) },
    ],
    ...(isGuest ? {} : { action: { label: 'Open your dashboard', url: `${publicUrl}/user-dash` } }),
  }
}
