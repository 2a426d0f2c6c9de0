import { useId } from 'react'

export interface FaqItem {
  question: string
  answer: string
}

interface FaqProps {
  items: readonly FaqItem[]
  /** Spacing around the section and between the heading and the list, e.g. 'mt-12 space-y-4'. */
  className: string
}

/** "Frequently asked questions" as a native accordion (details), so each answer opens by keyboard without script. */
export function Faq({ items, className }: FaqProps) {
  const headingId = useId()
  return (
    <section aria-labelledby={headingId} className={className}>
      <h2 id={headingId} className="text-2xl font-bold text-brand-900">
        Frequently asked questions
      </h2>
      <div className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
        {items.map((item) => (
          <details key={item.question} className="p-4">
            <summary className="cursor-pointer font-semibold">{item.question}</summary>
            <p className="mt-2 text-sm text-slate-700">{item.answer}</p>
          </details>
        ))}
      </div>
    </section>
  )
}
