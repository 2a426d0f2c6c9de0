import { MESSAGES } from '@keydesk/contracts/messages'
import { Link } from 'react-router'
import { paths } from '../lib/paths.ts'

export type ErrorSection = 'public' | 'member' | 'admin'

const WAY_BACK: Record<ErrorSection, { to: string; label: string }> = {
  public: { to: paths.home, label: 'Go home' },
  member: { to: paths.userDash, label: 'Back to your dashboard' },
  admin: { to: paths.admin, label: 'Back to the admin dashboard' },
}

/** docs/product.md, 'Screens and routes (web)': the general error screen; inside a section it also offers the way back to that section. */
export function ErrorScreen({ section }: { section?: ErrorSection }) {
  const wayBack = section ? WAY_BACK[section] : null
  return (
    <div role="alert" className="mx-auto max-w-md px-4 py-24 text-center">
      <h1 className="text-2xl font-semibold">{MESSAGES.somethingWentWrong}</h1>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="rounded-md bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700"
        >
          Refresh Page
        </button>
        {wayBack && (
          <Link to={wayBack.to} className="rounded-md border border-slate-300 px-4 py-2 font-medium text-slate-800 hover:border-brand-600">
            {wayBack.label}
          </Link>
        )}
      </div>
    </div>
  )
}
