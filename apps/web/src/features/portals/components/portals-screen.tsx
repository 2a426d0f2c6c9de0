import { PORTAL_MESSAGES } from '@keydesk/contracts/portals'
import { usePortalsConfig } from '../api/use-portals-config.ts'
import { PortalCard } from './portal-card.tsx'

const AUTHENTICATOR_STORE_LINKS = [
  { label: 'iOS App Store', href: 'https://apps.apple.com/app/google-authenticator/id388497605' },
  { label: 'Google Play (Android)', href: 'https://play.google.com/store/apps/details?id=com.google.android.apps.authenticator2' },
]

/** docs/product.md, 'Back office (admins and super admins)', keycode portals for a signed-in admin: loading, error with Retry, empty, loaded. */
export function PortalsScreen({ isSuperAdmin }: { isSuperAdmin: boolean }) {
  const config = usePortalsConfig()

  if (config.isPending) {
    return (
      <div role="status" className="flex flex-col items-center gap-3 py-20 text-slate-600">
        <span aria-hidden="true" className="h-8 w-8 animate-spin rounded-full border-4 border-brand-600 border-t-transparent" />
        {PORTAL_MESSAGES.loading}
      </div>
    )
  }

  if (config.isError) {
    return (
      <div role="alert" className="mx-auto max-w-lg py-20 text-center">
        <h1 className="text-2xl font-bold text-red-700">{PORTAL_MESSAGES.errorTitle}</h1>
        <p className="mt-2 text-slate-700">{PORTAL_MESSAGES.configFailed}</p>
        <button
          type="button"
          onClick={() => config.refetch()}
          className="mt-4 rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700"
        >
          Retry
        </button>
      </div>
    )
  }

  if (config.data.manufacturers.length === 0) {
    return (
      <div className="mx-auto max-w-lg py-20 text-center">
        <h1 className="text-2xl font-bold text-slate-900">{PORTAL_MESSAGES.emptyTitle}</h1>
        <p className="mt-2 text-slate-600">{PORTAL_MESSAGES.emptyMessage}</p>
      </div>
    )
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold text-slate-900">{PORTAL_MESSAGES.title}</h1>
          <p className="mt-1 text-sm text-slate-600">
            VSP ID: <span className="font-mono font-semibold">{config.data.meta.vsp_id}</span>
          </p>
        </div>
        <span className="rounded-full bg-brand-100 px-3 py-1 text-sm font-semibold text-brand-800">
          {isSuperAdmin ? 'Super Admin' : 'Admin'}
        </span>
      </header>
      <aside aria-label="Two-factor authentication" className="mt-6 rounded-md border border-yellow-300 bg-yellow-50 p-4 text-yellow-900">
        <p className="font-semibold">
          A two-factor authenticator app MUST be installed on your phone to sign in to the manufacturer portals.
        </p>
        <p className="mt-1 text-sm">
          Get one from the{' '}
          {AUTHENTICATOR_STORE_LINKS.map((link, index) => (
            <span key={link.href}>
              {index > 0 && ' or '}
              <a href={link.href} target="_blank" rel="noopener noreferrer" className="font-semibold underline">
                {link.label}
              </a>
            </span>
          ))}
          .
        </p>
      </aside>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {config.data.manufacturers.map((portal) => (
          <li key={portal.id} className="flex">
            <PortalCard portal={portal} />
          </li>
        ))}
      </ul>
    </div>
  )
}
