import { Suspense } from 'react'
import { Outlet, ScrollRestoration } from 'react-router'
import { Spinner } from '../../components/ui/spinner.tsx'
import { TrialNotices } from '../../features/membership/components/trial-notices.tsx'
import { RouteFocus } from './route-focus.tsx'
import { RouteNotice } from './route-notice.tsx'
import { SiteFooter } from './site-footer.tsx'
import { SiteHeader } from './site-header.tsx'

export function AppLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:bg-white focus:p-2">
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" className="flex-1">
        <TrialNotices />
        <RouteNotice />
        <Suspense
          fallback={
            // Screen-tall while a page's code loads, so the footer never jumps into view (layout shift).
            <div className="flex min-h-screen justify-center px-4 py-24">
              <Spinner />
            </div>
          }
        >
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
      {/* A new page opens at its top; back and forward restore where the reader was. */}
      <ScrollRestoration />
      <RouteFocus />
    </div>
  )
}
