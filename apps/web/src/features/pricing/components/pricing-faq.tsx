const faq = [
  {
    question: 'Which makes need a PIN code?',
    answer:
      'Chrysler, Dodge/Jeep, Infiniti and Nissan need a PIN code with the key. It is included for members and costs $20 more for non-members.',
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

/** The pricing FAQ of docs/product.md §11 as a native accordion (keyboard accessible without script). */
export function PricingFaq() {
  return (
    <section aria-labelledby="pricing-faq-heading" className="mt-16">
      <h2 id="pricing-faq-heading" className="text-2xl font-bold text-brand-900">
        Frequently asked questions
      </h2>
      <div className="mt-6 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
        {faq.map((item) => (
          <details key={item.question} className="group p-4">
            <summary className="cursor-pointer font-semibold">{item.question}</summary>
            <p className="mt-2 text-sm text-slate-700">{item.answer}</p>
          </details>
        ))}
      </div>
    </section>
  )
}
