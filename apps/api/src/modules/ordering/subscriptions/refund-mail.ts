import { formatDollars } from '@keydesk/contracts/money'
import { planLineName } from '@keydesk/contracts/plan-benefits'
import type { MailContent } from '../../platform/index.ts'
import type { PlanRow } from './repository.ts'

/** The member's notice of a plan refund: how much, for which order, and that the plan has ended. */
export function planRefundMail(
  plan: Pick<PlanRow, 'tier' | 'billing'>,
  refund: { amountCents: number; confirmationNumber: string | null },
  member: { fname: string },
): MailContent {
  const planName = planLineName(plan.tier, plan.billing)
  return {
    subject: `Keydesk refund of ${formatDollars(refund.amountCents)} issued`,
    preview: `We have refunded ${formatDollars(refund.amountCents)} for your ${planName}.`,
    greeting: { name: member.fname },
    paragraphs: [
      `We have refunded ${formatDollars(refund.amountCents)} for the unused months of your ${planName}, as our Refund Policy gives, less the processing fee. Your plan has ended today.`,
      'The refund goes back to the card you paid with; your bank may take 3-5 business days to show it.',
    ],
    facts: [
      { label: 'Plan', value: planName },
      ...(refund.confirmationNumber ? [{ label: 'Order', value: refund.confirmationNumber }] : []),
      { label: 'Refunded', value: formatDollars(refund.amountCents) },
    ],
  }
}
