import { BASIC_COVERED_MAKES_TEXT } from '@keydesk/contracts/basic-covered-makes'
import { Faq, type FaqItem } from '../../../components/ui/faq.tsx'

const faq: FaqItem[] = [
  {
    question: 'Which makes need a PIN code?',
    answer:
      'Chrysler, Dodge/Jeep, Infiniti and Nissan need a PIN code with the key. It is included for members and costs $20 more for non-members.',
  },
  {
    question: 'What does the Basic plan cover?',
    answer: `Basic's member prices and its 15% discount cover ${BASIC_COVERED_MAKES_TEXT}; other makes cost the standard price. The 15% applies to one keycode in each 30-day plan month; Professional and Enterprise take their discount off every keycode.`,
  },
  {
    question: 'Do you offer bulk pricing?',
    answer: 'Yes: for 100 or more requests the price is $0.50 per request. Contact support for a custom arrangement.',
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
  { question: 'How fast is delivery?', answer: 'Keycodes usually arrive by e-mail and in your account within 5-30 minutes.' },
  { question: 'Where do you operate?', answer: 'We serve the United States and Canada.' },
]

/** The pricing FAQ (docs/product.md, 'Screens and routes (web)'). */
export function PricingFaq() {
  return <Faq items={faq} className="mt-16 space-y-6" />
}
