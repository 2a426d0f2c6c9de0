import { formatDollars } from '@keydesk/contracts/money'
import { planLineName } from '@keydesk/contracts/plan-benefits'
import { SERVICE_PLAN_LABELS, turnaroundText } from '@keydesk/contracts/turnaround'
import type { MailContent } from '../../platform/index.ts'
import type { TransactionRow } from '../orders/repository.ts'

/**
 * When the order's codes are due: the turnaround of the plan the buyer held at checkout, which sets every line's
 * deadline at payment (docs/decisions/029). An order from before checkouts recorded it is promised nothing it may miss.
 */
function keycodePromise(row: TransactionRow): string {
  const count = row.items.filter((item) => item.kind === 'KEYCODE').length
  const subject = count === 1 ? 'Your keycode is' : 'Your keycodes are'
  const ready = `We will e-mail you as soon as ${count === 1 ? 'it is' : 'each is'} ready.`
  if (!row.servicePlan) return ready
  return `${subject} due ${turnaroundText(row.servicePlan)} of payment (${SERVICE_PLAN_LABELS[row.servicePlan]}). ${ready}`
}

/** What a plan-only order bought, by the plan's one name. */
function planPromise(row: TransactionRow): string {
  const plan = row.items.find((item) => item.kind === 'SUBSCRIPTION' && item.tier)
  return plan?.tier ? `Your ${planLineName(plan.tier, plan.billing ?? 'MONTHLY')} is active.` : 'Your membership is active.'
}

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
      ? [keycodePromise(row), ...batchLines, ...(isGuest ? [] : ['You can also follow the order in your account.'])]
      : [planPromise(row)],
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
