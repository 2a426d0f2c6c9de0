import { isPortalMessageError, PORTAL_MESSAGES, type PortalManufacturer } from '@keydesk/contracts/portals'
import { useCopyCreds } from '../use-copy-creds.ts'

function badgeOf(portal: PortalManufacturer): string | null {
  if (portal.comingSoon) return PORTAL_MESSAGES.comingSoon
  if (portal.sdrm) return PORTAL_MESSAGES.sdrm
  return null
}

/** One manufacturer of docs/product.md, 'Back office (admins and super admins)', with its Copy Creds cycle (idle, busy, message for 3 s). */
export function PortalCard({ portal }: { portal: PortalManufacturer }) {
  const { copy, isCopying, message } = useCopyCreds(portal.id)
  const badge = badgeOf(portal)
  const headingId = `portal-${portal.id}-name`

  return (
    // Full width of its grid cell, so every card of a row is as wide as the others; a card without a portal is told
    // apart by its background, not by fading it (faded text fails contrast).
    <article
      aria-labelledby={headingId}
      className={`flex w-full min-w-0 flex-col rounded-lg border border-slate-200 p-4 shadow-sm ${portal.portal_url ? 'bg-white' : 'bg-slate-50'}`}
    >
      <div className="flex items-start justify-between gap-2">
        <h2 id={headingId} className="min-w-0 break-words text-lg font-semibold text-slate-900">
          {portal.name}
        </h2>
        {badge && (
          <span
            className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold ${badge === PORTAL_MESSAGES.comingSoon ? 'bg-amber-100 text-amber-900' : 'bg-blue-100 text-blue-900'}`}
          >
            {badge}
          </span>
        )}
      </div>
      {portal.notes && <p className="mt-2 break-words text-sm text-slate-700">{portal.notes}</p>}
      <div className="mt-auto pt-4">
        {portal.portal_url ? (
          <div className="flex flex-wrap gap-2">
            <a
              href={portal.portal_url}
              target="_blank"
              rel="noopener noreferrer"
              className="rounded-md bg-brand-600 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-700"
            >
              {/* The accessible name starts with the visible label and adds which portal, for speech input and screen readers. */}
              Launch<span className="sr-only"> {portal.name} portal</span>
            </a>
            <button
              type="button"
              onClick={copy}
              disabled={isCopying}
              className="inline-flex items-center gap-2 rounded-md border border-slate-300 px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-50"
            >
              {isCopying && (
                <span aria-hidden="true" className="h-3 w-3 animate-spin rounded-full border-2 border-slate-400 border-t-transparent" />
              )}
              Copy Creds<span className="sr-only"> for {portal.name}</span>
            </button>
          </div>
        ) : (
          <p className="text-sm text-slate-700">{PORTAL_MESSAGES.portalUnavailable}</p>
        )}
        {message && (
          <p role="status" className={`mt-2 text-sm ${isPortalMessageError(message) ? 'text-red-700' : 'text-green-800'}`}>
            {message}
          </p>
        )}
      </div>
    </article>
  )
}
