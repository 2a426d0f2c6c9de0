import { BASIC_COVERAGE_SENTENCE, BULK_QUOTE_SENTENCE, PIN_CHARGE_SENTENCE, TURNAROUND_SENTENCE } from '@keydesk/contracts/plan-benefits'
import { TIER_LABELS } from '@keydesk/contracts/subscription-constants'
import { TEAM_PLAN_TIER, TEAM_SENTENCE } from '@keydesk/contracts/team-plan'
import { Faq, type FaqItem } from '../../../components/ui/faq.tsx'

const faq: FaqItem[] = [
  {
    question: 'Which makes need a PIN code?',
    answer: PIN_CHARGE_SENTENCE,
  },
  {
    question: `What does the ${TIER_LABELS.BASIC} plan cover?`,
    answer: BASIC_COVERAGE_SENTENCE,
  },
  {
    question: 'Do you offer bulk pricing?',
    answer: `Yes: ${BULK_QUOTE_SENTENCE} Contact support for a custom arrangement.`,
  },
  {
    question: 'What information do I need?',
    answer: 'The VIN, make, model and year of the vehicle, and proof of ownership or your professional credentials.',
  },
  {
    question: 'Which documents are required?',
    answer:
      "The owner's driver's licence; one of the registration, title or proof of insurance; and photos of the licence plate and the odometer.",
  },
  { question: 'How fast is delivery?', answer: TURNAROUND_SENTENCE },
  { question: `Can my whole team order on ${TIER_LABELS[TEAM_PLAN_TIER]}?`, answer: TEAM_SENTENCE },
  { question: 'Where do you operate?', answer: 'We serve the United States and Canada.' },
]

/** The pricing FAQ (docs/product.md, 'Screens and routes (web)'). */
export function PricingFaq() {
  return <Faq items={faq} className="mt-16 space-y-6" />
}
