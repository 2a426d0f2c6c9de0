const faq = [
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

/** docs/product.md §5: the membership FAQ accordion (native details, so it opens by keyboard). */
export function MembershipFaq() {
  return (
    <section aria-labelledby="membership-faq" className="mt-12">
      <h2 id="membership-faq" className="text-2xl font-bold text-brand-900">
        Frequently asked questions
      </h2>
      <div className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
        {faq.map((item) => (
          <details key={item.question} className="p-4">
            <summary className="cursor-pointer font-semibold">{item.question}</summary>
            <p className="mt-2 text-sm text-slate-700">{item.answer}</p>
          </details>
        ))}
      </div>
    </section>
  )
}
