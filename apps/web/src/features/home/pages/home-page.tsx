import { TRIAL_LENGTH_DAYS } from '@keydesk/contracts/subscription-constants'
import { Link } from 'react-router'
import { paths } from '../../../lib/paths.ts'
import { useSession } from '../../session/use-session.ts'
import { HomePlans } from '../components/home-plans.tsx'
import { HowItWorks } from '../components/how-it-works.tsx'

/** The landing page: the trial offer to a visitor, what Keydesk does, the plans and how an order goes. */
export function HomePage() {
  const { user } = useSession()
  // A business user sees the trial banner of the app shell instead, which knows their trial.
  const isTrialShownByShell = user?.role === 'BASEUSER'
  return (
    <>
      {!isTrialShownByShell && (
        <section aria-label="Free trial" className="bg-brand-900 px-4 py-2 text-center text-sm text-white">
          Try premium free for {TRIAL_LENGTH_DAYS} days, with no automatic charge.{' '}
          <Link to={paths.trialDetails} className="font-semibold underline">
            See trial details
          </Link>
        </section>
      )}

      <section className="bg-gradient-to-b from-brand-50 to-white px-4 py-20 text-center">
        <p className="text-sm font-semibold uppercase tracking-wide text-brand-600">For automotive locksmiths and technicians</p>
        <h1 className="mx-auto mt-3 max-w-3xl text-4xl font-bold tracking-tight text-brand-900 sm:text-5xl">
          Vehicle keycodes from the VIN, fast and verified
        </h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-600">
          Order the mechanical key code, and the immobilizer PIN where the make needs one, for vehicles across the US and Canada.
        </p>
        <div className="mt-8 flex justify-center gap-3">
          <Link to={paths.vehicleKeycodeRequest} className="rounded-md bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700">
            Request a keycode
          </Link>
          <Link
            to={paths.pricing}
            className="rounded-md border border-slate-300 bg-white px-5 py-3 font-semibold text-slate-800 hover:border-brand-600"
          >
            See pricing
          </Link>
        </div>
      </section>

      <HomePlans />

      <HowItWorks />

      <section aria-label="Availability" className="mx-auto mt-16 max-w-6xl rounded-xl bg-brand-900 px-6 py-8 text-center text-white">
        <p className="text-xl font-semibold">Available across the United States and Canada</p>
      </section>
    </>
  )
}
