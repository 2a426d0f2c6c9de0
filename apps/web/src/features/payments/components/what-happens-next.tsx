import type { NextStep } from '../next-steps.ts'

/** The payment's next steps, numbered. */
export function WhatHappensNext({ steps }: { steps: NextStep[] }) {
  return (
    <section aria-labelledby="next-steps-heading" className="rounded-xl border border-slate-200 bg-white p-6">
      <h2 id="next-steps-heading" className="text-lg font-semibold">
        What happens next
      </h2>
      <ol className="mt-4 space-y-4">
        {steps.map((step, index) => (
          <li key={step.title} className="flex gap-3">
            <span
              aria-hidden="true"
              className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-brand-600 text-sm font-bold text-white"
            >
              {index + 1}
            </span>
            <div>
              <p className="font-semibold">{step.title}</p>
              <p className="text-sm text-slate-600">{step.text}</p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  )
}
