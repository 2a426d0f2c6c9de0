import { DISCOUNTS_SENTENCE, TRIAL_SENTENCE } from '@keydesk/contracts/plan-benefits'
import { ANNUAL_REFUND_SENTENCE } from '@keydesk/contracts/refunds'
import { TIER_LABELS } from '@keydesk/contracts/subscription-constants'
import { TEAM_PLAN_TIER, TEAM_SENTENCE } from '@keydesk/contracts/team-plan'
import { Faq, type FaqItem } from '../../../components/ui/faq.tsx'

const faq: FaqItem[] = [
  {
    question: 'Can I cancel at any time?',
    answer: 'Yes. Cancellation takes effect at the end of the current period; monthly plans are not refunded in part.',
  },
  {
    question: 'How do annual refunds work?',
    answer: ANNUAL_REFUND_SENTENCE,
  },
  { question: 'Is there a free trial?', answer: `Yes: ${TRIAL_SENTENCE}` },
  { question: 'Which discounts apply?', answer: DISCOUNTS_SENTENCE },
  { question: `What does the ${TIER_LABELS[TEAM_PLAN_TIER]} team give?`, answer: TEAM_SENTENCE },
]

/** docs/product.md, 'Plans, trial, the premium rule and turnaround promises': the membership FAQ. */
export function MembershipFaq() {
  return <Faq items={faq} className="mt-12 space-y-4" />
}
