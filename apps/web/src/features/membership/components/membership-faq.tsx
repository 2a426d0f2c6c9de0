import { Faq, type FaqItem } from '../../../components/ui/faq.tsx'

const faq: FaqItem[] = [
  {
    question: 'Can I cancel at any time?',
    answer: 'Yes. Cancellation takes effect at the end of the current period; monthly plans are not refunded in part.',
  },
  {
    question: 'How do annual refunds work?',
    answer: 'Annual plans are refunded by unused months, less a $5 processing fee, with a minimum refund of $10.',
  },
  { question: 'Is there a free trial?', answer: 'Yes: 3 days of premium access, free, with no automatic charge.' },
  { question: 'Which discounts apply?', answer: 'Basic 15%, Professional 20% and Enterprise 25% off keycode prices in your cart.' },
]

/** docs/product.md, 'Plans, trial, the premium rule and turnaround promises': the membership FAQ. */
export function MembershipFaq() {
  return <Faq items={faq} className="mt-12 space-y-4" />
}
