import { type KeyboardEvent, useId, useState } from 'react'
import { useSearchParams } from 'react-router'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { PageFrame } from '../../../components/ui/page-frame.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { useSession } from '../../session/use-session.ts'
import { useProfile } from '../api/use-profile.ts'
import { CredentialsTab } from '../components/credentials-tab.tsx'
import { NoticesBanner } from '../components/notices-banner.tsx'
import { OrdersTab } from '../components/orders-tab.tsx'
import { ProfileForm } from '../components/profile-form.tsx'
import { SecurityTab } from '../components/security-tab.tsx'
import { SubscriptionTab } from '../components/subscription-tab.tsx'

const TABS = ['Profile', 'Subscription', 'Orders', 'Credentials', 'Security'] as const
type Tab = (typeof TABS)[number]

/** `?tab=subscription` opens that tab (the billing page's address); anything else opens Profile. */
const tabNamed = (name: string | null): Tab => TABS.find((tab) => tab.toLowerCase() === name?.toLowerCase()) ?? 'Profile'

function ProfileDetails() {
  const profile = useProfile()
  if (profile.isPending) return <Spinner label="Loading your profile..." />
  if (profile.isError) {
    return (
      <Alert tone="error" title="Your profile could not be loaded.">
        <Button variant="link" onClick={() => profile.refetch()}>
          Try again
        </Button>
      </Alert>
    )
  }
  return <ProfileForm profile={profile.data} />
}

/** The profile page (docs/product.md, 'Screens and routes (web)'): notices banner and five tabs (WAI-ARIA tabs: arrow keys move between them). */
export function ProfilePage() {
  const { user } = useSession()
  const [searchParams] = useSearchParams()
  const [active, setActive] = useState<Tab>(() => tabNamed(searchParams.get('tab')))
  const baseId = useId()
  const tabId = (tab: Tab) => `${baseId}-tab-${tab}`
  const panelId = (tab: Tab) => `${baseId}-panel-${tab}`

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0
    if (!step) return
    const next = TABS[(TABS.indexOf(active) + step + TABS.length) % TABS.length] as Tab
    setActive(next)
    document.getElementById(tabId(next))?.focus()
  }

  return (
    <PageFrame title="Profile">
      <NoticesBanner />
      <div role="tablist" aria-label="Profile sections" onKeyDown={onKeyDown} className="flex flex-wrap gap-1 border-b border-slate-200">
        {TABS.map((tab) => (
          <button
            key={tab}
            id={tabId(tab)}
            type="button"
            role="tab"
            aria-selected={active === tab}
            aria-controls={panelId(tab)}
            tabIndex={active === tab ? 0 : -1}
            onClick={() => setActive(tab)}
            className={`-mb-px border-b-2 px-4 py-2 text-sm font-medium ${active === tab ? 'border-brand-600 text-brand-700' : 'border-transparent text-slate-600 hover:text-slate-900'}`}
          >
            {tab}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={panelId(active)} aria-labelledby={tabId(active)} className="pt-6">
        {active === 'Profile' && <ProfileDetails />}
        {active === 'Subscription' && user && <SubscriptionTab user={user} />}
        {active === 'Orders' && <OrdersTab />}
        {active === 'Credentials' && <CredentialsTab />}
        {active === 'Security' && <SecurityTab />}
      </div>
    </PageFrame>
  )
}
