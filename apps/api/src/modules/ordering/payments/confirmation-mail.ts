import { formatDollars } from '@keydesk/contracts/money'
import type { MailContent } from '../../platform/index.ts'
import type { TransactionRow } from '../orders/repository.ts'

/** The order confirmation: what was bought and what happens next (the success page's promise, in words). */
export function orderConfirmationMail(row: TransactionRow, publicUrl: string, isGuest: boolean): MailContent {
  const hasKeycodes = row.items.some((item) => item.kind === 'KEYCODE')
  const batchSizes = new Map<string, number>()
  for (const item of row.items) if (item.batch) batchSizes.set(item.batch, (batchSizes.get(item.batch) ?? 0) + 1)
  // A bulk order is named by its batch, as on the checkout page and the dashboard.
  const batchLines = [...batchSizes].map(
    ([code, count]) => `Batch ${code}: ${count} ${count === 1 ? 'keycode' : 'keycodes'}. Your dashboard shows how far it is.`,
  )
  return {
    subject: `Keydesk order ${row.confirmationNumber} confirmed`,
    preview: `Thank you for your order ${row.confirmationNumber}.`,
    greeting: { line: `Thank you for your order ${row.confirmationNumber}.` },
    paragraphs: hasKeycodes
      ? [
          'Your keycode will be processed within 24-48 hours. We will e-mail you the keycode as soon as it is ready.',
          ...batchLines,
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
