import { Link } from 'react-router'
import { paths } from '../../../lib/paths.ts'

/** The pricing page's close: request a keycode, or ask support first. */
export function GetStarted() {
  return (
    <section aria-label="Get started" className="mt-16 rounded-xl bg-brand-900 px-6 py-10 text-center text-white">
      <p className="text-2xl font-semibold">Ready to cut the key?</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Link to={paths.vehicleKeycodeRequest} className="rounded-md bg-white px-5 py-3 font-semibold text-brand-900 hover:bg-brand-50">
          Request Keycode Now
        </Link>
        <Link to={paths.support} className="rounded-md border border-white px-5 py-3 font-semibold text-white hover:bg-brand-700">
          Contact Support
        </Link>
      </div>
    </section>
  )
}
