const steps = [
  { title: 'Enter VIN', text: 'Tell us the make, model, year and the 17-character VIN of the vehicle.' },
  { title: 'Pay securely', text: 'Pay by card through a hosted checkout. We never see your card number.' },
  { title: 'Get code', text: 'Your keycode arrives by e-mail and in your account.' },
]

/** An order's three steps, from the VIN to the code. */
export function HowItWorks() {
  return (
    <section aria-labelledby="how-heading" className="bg-white px-4 py-16">
      <h2 id="how-heading" className="text-center text-3xl font-bold text-brand-900">
        How it works
      </h2>
      <ol className="mx-auto mt-10 grid max-w-5xl gap-6 md:grid-cols-3">
        {steps.map((step, index) => (
          <li key={step.title} className="rounded-xl border border-slate-200 p-6">
            <span className="flex h-8 w-8 items-center justify-center rounded-full bg-brand-600 font-bold text-white">{index + 1}</span>
            <h3 className="mt-4 text-lg font-semibold">{step.title}</h3>
            <p className="mt-2 text-sm text-slate-600">{step.text}</p>
          </li>
        ))}
      </ol>
    </section>
  )
}
